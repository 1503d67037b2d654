// @vitest-environment happy-dom
// Reads window events and Web Storage, which node lacks: the one kind of .ts test with a DOM.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandling, isStorageAvailable } from './global-errors.js';

const raise = (target: EventTarget, error: unknown) =>
  target.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));

const reject = (target: EventTarget, reason: unknown) => {
  const event = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: reason });
  target.dispatchEvent(event);
  return event;
};

describe('installGlobalErrorHandling (SPEC 4.5)', () => {
  let target: EventTarget;
  let now: number;
  let recover: ReturnType<typeof vi.fn<() => void>>;
  let uninstall: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    target = new EventTarget();
    now = 0;
    recover = vi.fn<() => void>();
    uninstall = installGlobalErrorHandling({
      target: target as unknown as Window,
      now: () => now,
      recover,
    });
  });
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });

  it('two errors within 30 s clear the state and reload 1 s later', () => {
    raise(target, new TypeError('a'));
    now = 29_999;
    raise(target, new TypeError('b'));
    vi.advanceTimersByTime(999);
    expect(recover).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recover).toHaveBeenCalledOnce();
  });

  it('errors 30 s apart are not critical', () => {
    raise(target, new TypeError('a'));
    now = 30_000;
    raise(target, new TypeError('b'));
    vi.advanceTimersByTime(5_000);
    expect(recover).not.toHaveBeenCalled();
  });

  it('ignored errors do not count', () => {
    raise(target, new Error('Minified React error #185'));
    raise(target, new Error('There was an error during concurrent rendering'));
    raise(target, new TypeError('a'));
    vi.advanceTimersByTime(5_000);
    expect(recover).not.toHaveBeenCalled();
  });

  it('recovers only once however many errors follow', () => {
    for (let index = 0; index < 5; index += 1) raise(target, new TypeError(`e${index}`));
    vi.advanceTimersByTime(5_000);
    expect(recover).toHaveBeenCalledOnce();
  });

  it('silences unhandled rejections unless they mention Network Error, and never counts them', () => {
    expect(reject(target, new Error('AbortError')).defaultPrevented).toBe(true);
    expect(reject(target, new Error('Network Error')).defaultPrevented).toBe(false);
    reject(target, new Error('Network Error'));
    vi.advanceTimersByTime(5_000);
    expect(recover).not.toHaveBeenCalled();
  });
});

describe('isStorageAvailable (SPEC 4.5)', () => {
  it('is true with working storages and false when one throws', () => {
    expect(isStorageAvailable()).toBe(true);
    const blocked = {
      get localStorage(): Storage {
        throw new DOMException('SecurityError');
      },
    } as unknown as Window;
    expect(isStorageAvailable(blocked)).toBe(false);
  });
});
