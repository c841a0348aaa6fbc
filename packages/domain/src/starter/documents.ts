import type { TimestampLike } from '../common';

/**
 * starterProgress/{uid}_{programme}: the starter lessons one account has marked done in one programme (lesson
 * slugs, in the order they were marked). Only the functions write it; the account's export carries it and its
 * deletion erases it.
 */
export interface StarterProgressDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  programme: string;
  done: string[];
  updatedAt: T;
}
