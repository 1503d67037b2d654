import { isSystemId, STORAGE_KEYS, type SystemId } from '@tvsistema/domain';

export type StoragePair = {
  local: Storage;
  session: Storage;
};

const browserStorage = (): StoragePair => ({
  local: window.localStorage,
  session: window.sessionStorage,
});

/** The current system kept in session storage; anything tampered with reads as none. */
export const readCurrentSystem = ({ session }: StoragePair = browserStorage()): SystemId | null => {
  const value = session.getItem(STORAGE_KEYS.currentSystem);
  return isSystemId(value) ? value : null;
};

export const writeCurrentSystem = (
  system: SystemId,
  { session }: StoragePair = browserStorage(),
): void => session.setItem(STORAGE_KEYS.currentSystem, system);

export const removeCurrentSystem = ({ session }: StoragePair = browserStorage()): void =>
  session.removeItem(STORAGE_KEYS.currentSystem);

/**
 * SPEC 3/4.2: older versions kept the chosen system in local storage. At start a valid legacy
 * value becomes this tab's current system unless one is already set; the legacy key is always
 * removed so it cannot come back in a later tab.
 */
export const migrateLegacySystem = (storage: StoragePair = browserStorage()): void => {
  const legacy = storage.local.getItem(STORAGE_KEYS.legacySelectedSystem);
  if (legacy === null) return;
  storage.local.removeItem(STORAGE_KEYS.legacySelectedSystem);
  if (isSystemId(legacy) && readCurrentSystem(storage) === null) {
    writeCurrentSystem(legacy, storage);
  }
};

/**
 * Tells the other tabs about a change. Session storage is per tab and raises no storage event
 * elsewhere, so the change travels through local storage; the timestamp makes a repeated choice
 * a new value, which is what fires the event.
 */
export const broadcastSystemChange = (
  system: SystemId,
  { local }: StoragePair = browserStorage(),
  now: number = Date.now(),
): void => local.setItem(STORAGE_KEYS.systemBroadcast, JSON.stringify({ system, at: now }));

/** The system a storage event announces, or null when the event is about something else. */
export const systemFromStorageEvent = (event: Pick<StorageEvent, 'key' | 'newValue'>) => {
  if (event.newValue === null) return null;
  if (event.key === STORAGE_KEYS.currentSystem) {
    return isSystemId(event.newValue) ? event.newValue : null;
  }
  if (event.key !== STORAGE_KEYS.systemBroadcast) return null;
  try {
    const parsed: unknown = JSON.parse(event.newValue);
    const system =
      typeof parsed === 'object' && parsed !== null && 'system' in parsed
        ? (parsed as { system: unknown }).system
        : null;
    return isSystemId(system) ? system : null;
  } catch {
    return null;
  }
};
