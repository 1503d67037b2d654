export const DEFAULT_TIME_ZONE = 'Europe/Madrid';
const LOCALE = 'es-ES';

export type TimeZoneOptions = { readonly timeZone?: string };

export type Greeting = 'Buenos días' | 'Buenas tardes' | 'Buenas noches';

const clockParts = (
  date: Date,
  timeZone: string,
): { hour: string; minute: string; second: string } => {
  const parts = new Intl.DateTimeFormat(LOCALE, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return { hour: part('hour'), minute: part('minute'), second: part('second') };
};

/** SPEC 1: "Buenos días" 05:00–11:59, "Buenas tardes" 12:00–18:59, "Buenas noches" otherwise. */
export const greetingFor = (date: Date, options: TimeZoneOptions = {}): Greeting => {
  const hour = Number(clockParts(date, options.timeZone ?? DEFAULT_TIME_ZONE).hour);
  if (hour >= 5 && hour < 12) return 'Buenos días';
  if (hour >= 12 && hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
};

/** "Domingo, 22 de noviembre de 2026": weekday, day, month and year, first letter capitalised. */
export const formatLongDate = (date: Date, options: TimeZoneOptions = {}): string => {
  const text = new Intl.DateTimeFormat(LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
  }).format(date);
  return text.charAt(0).toLocaleUpperCase(LOCALE) + text.slice(1);
};

/** "HH:MM:SS", 24-hour. */
export const formatTime = (date: Date, options: TimeZoneOptions = {}): string => {
  const { hour, minute, second } = clockParts(date, options.timeZone ?? DEFAULT_TIME_ZONE);
  return `${hour}:${minute}:${second}`;
};
