import { onInit } from 'firebase-functions/v2/core';
import { warmUpFirestore } from './platform/database';
import { recordQueriesInTheEmulator } from './platform/queryRecorder';
import { recordUsageInTheEmulator } from './platform/usageRecorder';

// Every deployed function, by kind: HTTP (deploy/http.ts), document triggers (deploy/triggers.ts) and
// schedules (deploy/schedules.ts), each with its options. Firebase deploys what this module exports.

// The test suite's record of every query, checked against firestore.indexes.json (emulator only).
recordQueriesInTheEmulator();
// And every request's and job's documents read and written (emulator only; docs/costs.md).
recordUsageInTheEmulator();

// Before an instance's first request, not during deploy analysis (where no database is reachable).
onInit(warmUpFirestore);

export * from './deploy/http';
export * from './deploy/triggers';
export * from './deploy/schedules';
