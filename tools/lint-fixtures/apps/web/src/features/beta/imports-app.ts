// Broken: a feature importing the app layer.
import { appThing } from '../../app/app-thing.js';

export const fromApp = appThing;
