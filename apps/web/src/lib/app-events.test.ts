import { describe, expect, it, vi } from 'vitest';
import { createAppEvents } from './app-events.js';

describe('createAppEvents', () => {
  it('delivers a payload to the listeners of that event only', () => {
    const events = createAppEvents();
    const unauthorized = vi.fn();
    const expired = vi.fn();
    events.on('unauthorized', unauthorized);
    events.on('token-expired', expired);
    events.emit('unauthorized', { message: 'Error de autenticación' });
    expect(unauthorized).toHaveBeenCalledWith({ message: 'Error de autenticación' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribing', () => {
    const events = createAppEvents();
    const listener = vi.fn();
    const off = events.on('user-activity', listener);
    off();
    events.emit('user-activity', { source: 'api-request' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps notifying the other listeners when one throws', () => {
    const events = createAppEvents();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    events.on('token-expired', () => {
      throw new Error('boom');
    });
    events.on('token-expired', after);
    events.emit('token-expired', { message: 'x' });
    expect(after).toHaveBeenCalledOnce();
    consoleError.mockRestore();
  });
});
