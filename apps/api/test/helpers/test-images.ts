/** The prepared PGlite images (test/setup/global-setup.ts): migrated, and with Spain's locations. */
export const TEST_IMAGE_KEYS = ['migrated', 'locations'] as const;
export type TestImageKey = (typeof TEST_IMAGE_KEYS)[number];
