import { collection, type Stored } from '../platform/collections';

export const starterProgress = () => collection('starterProgress');
export type StarterProgressDoc = Stored<'starterProgress'>;

/** One account's progress in one programme: starterProgress/{uid}_{programme}. */
export const starterProgressRef = (uid: string, programme: string) => starterProgress().doc(`${uid}_${programme}`);
