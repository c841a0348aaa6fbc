/**
 * Every stored document that a function writes and anything else reads (the staff console, the tests,
 * another function), declared once. Each shape is generic over the timestamp type, so the admin SDK's
 * Timestamp (functions, tests) and the client SDK's (staff console) share it; each side builds its
 * Firestore converter from `DOCUMENT_FIELDS` below, which the compiler keeps in step with the shapes.
 *
 * Rename a field here and every reader and writer stops compiling; forget a field in DOCUMENT_FIELDS
 * and this file stops compiling.
 */

export * from '../common';
export * from '../enrollment';
export * from './staffDocuments';
export * from '../mail';
export * from '../batches';
export * from '../tax';
export * from '../mentoring';
export * from '../assignments';
export * from '../support';
export * from '../qa';

// The collections' shapes by name (StoredDocuments) and their run-time field tables.
export type { StoredDocuments } from './storedDocuments';
export * from './documentFields';
