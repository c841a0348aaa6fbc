import type { CollectionName } from '../common';
import type { MailDoc } from '../mail';
import type { StoredDocuments } from './storedDocuments';

// The stored shapes at run time, for the converters: each field's kind. `?` means it may be null or absent.

type Kind = 'string' | 'number' | 'boolean' | 'timestamp' | 'strings' | 'numbers' | 'map' | 'maps';
export type FieldKind = Kind | `${Kind}?`;
export type BaseKind = Kind;
/** One entry per field of D: the compiler refuses a missing or an unknown field. */
type FieldsOf<D> = { [K in keyof Required<D>]-?: FieldKind };
type MailFields = FieldsOf<Omit<MailDoc, 'template' | 'data'> & { template: string; data: object }>;

/** Every collection's fields and their kinds. */
export type DocumentFieldsMap = { [C in CollectionName]: C extends 'mail' ? MailFields : FieldsOf<StoredDocuments[C]> };
