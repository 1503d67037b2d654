export const interactionPath = (uid: string): string => `/interaction/${encodeURIComponent(uid)}`;
