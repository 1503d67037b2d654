import { useContext, useEffect, useSyncExternalStore, type RefObject } from 'react';
import { UNSAFE_LocationContext, useLocation } from 'react-router';
import { documentTitle, screenTitleFor } from '../config/page-titles.js';
import { SystemContext } from './system-context.js';

/** A name a screen gives itself once drawn, for the path it was drawn at. */
type Named = { pathname: string; name: string };

/**
 * Two names a screen may give: the record a detail or edit screen shows, which leads the title
 * before the screen's name ("Suministros Axe · Editar Proveedor · TVSistema"), and the screen's
 * h1 when it says more than the route's fixed name ("Gestión de Proveedores - Alquileres",
 * "Compra C2026-00020"), which then is the title's first part. The record wins: its screen's h1
 * is the route's name.
 */
const current: { record: Named | null; heading: Named | null } = { record: null, heading: null };
let snapshotValue = { ...current };
const listeners = new Set<() => void>();

const set = (slot: 'record' | 'heading', next: Named | null) => {
  current[slot] = next;
  snapshotValue = { ...current };
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => snapshotValue;

const useNamed = (
  slot: 'record' | 'heading',
  name: string | null | undefined,
  element?: RefObject<HTMLElement | null>,
) => {
  // Read without useLocation's throw: the shared headers (ListHeader, ResourceFormFrame) are also
  // drawn outside a router, in component tests, where there is no document title to set.
  const pathname = (
    useContext(UNSAFE_LocationContext) as { location?: { pathname: string } } | null
  )?.location?.pathname;
  useEffect(() => {
    if (!name || pathname === undefined) return undefined;
    // A heading inside a dialog (a party form opened over the obras list) is not the page's.
    if (element?.current?.closest('.modal')) return undefined;
    const mine = { pathname, name };
    set(slot, mine);
    return () => {
      if (current[slot] === mine) set(slot, null);
    };
  }, [slot, pathname, name, element]);
};

/**
 * A detail screen names the record it shows once it has loaded: the document title becomes
 * "{name} · {Pantalla} · TVSistema" while the screen is open at this path.
 */
export const useRecordTitle = (name: string | null | undefined) => useNamed('record', name);

/**
 * A screen's h1, when it says more than the route's fixed name: a list that names its system
 * ("Gestión de Proveedores - Alquileres"), a record's number in its own words ("Compra
 * C2026-00020", "Editar máquina DUM-019"). The document title is then "{h1} · TVSistema", so the
 * two agree (issue 14). The shared headers call it (ListHeader, ResourceFormFrame); a screen that
 * draws its own h1 calls it with that text.
 */
export const useHeadingTitle = (
  heading: string | null | undefined,
  /** The h1 itself, when it may be drawn inside a dialog: there it names nothing. */
  element?: RefObject<HTMLElement | null>,
) => useNamed('heading', heading, element);

/**
 * The document title of the page at the current location (config/page-titles.ts), set in one
 * place — the root route — on every navigation (issue 14).
 */
export const useDocumentTitle = () => {
  const { pathname } = useLocation();
  // The system chosen names some lists ("Gestión de Proveedores - Alquileres"); read without
  // useSystem's throw, so the hook also runs where no system provider is (tests).
  const system = useContext(SystemContext)?.currentSystem ?? null;
  const { record, heading } = useSyncExternalStore(subscribe, snapshot, snapshot);
  const screen = screenTitleFor(pathname, system);
  const title =
    record?.pathname === pathname
      ? documentTitle(screen, record.name)
      : heading?.pathname === pathname
        ? documentTitle(heading.name)
        : documentTitle(screen);
  useEffect(() => {
    document.title = title;
  }, [title]);
};

/**
 * `useHeadingTitle` as an element, drawn beside a screen's own h1 (`<HeadingTitle text={…} />`
 * just before it): the screen's hooks stay as they are, whatever it returns early.
 */
export const HeadingTitle = ({ text }: { text: string | null | undefined }) => {
  useHeadingTitle(text);
  return null;
};
