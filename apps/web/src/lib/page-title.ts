import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, screenTitleFor } from '../config/page-titles.js';

/** The record a detail screen shows, for the path it was shown at. */
type RecordTitle = { pathname: string; name: string };

let current: RecordTitle | null = null;
const listeners = new Set<() => void>();

const setRecord = (next: RecordTitle | null) => {
  current = next;
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

/**
 * A detail screen names the record it shows once it has loaded: the document title becomes
 * "{name} · {Pantalla} · TVSistema" while the screen is open at this path.
 */
export const useRecordTitle = (name: string | null | undefined) => {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name) return undefined;
    const mine = { pathname, name };
    setRecord(mine);
    return () => {
      if (current === mine) setRecord(null);
    };
  }, [pathname, name]);
};

/**
 * The document title of the page at the current location (config/page-titles.ts), set in one
 * place — the root route — on every navigation (issue 14).
 */
export const useDocumentTitle = () => {
  const { pathname } = useLocation();
  const record = useSyncExternalStore(subscribe, snapshot, snapshot);
  const title = documentTitle(
    screenTitleFor(pathname),
    record?.pathname === pathname ? record.name : null,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
};
