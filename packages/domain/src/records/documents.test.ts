import { describe, expect, it } from 'vitest';
import { COLLECTIONS, DOCUMENT_FIELDS, DocumentShapeError, documentConverter, documentProblems, readDocument } from './documents';

class FakeTimestamp {
  constructor(private readonly ms: number) {}
  toDate = () => new Date(this.ms);
  toMillis = () => this.ms;
}
const isTimestamp = (value: unknown): value is FakeTimestamp => value instanceof FakeTimestamp;
const at = new FakeTimestamp(Date.parse('2026-11-24T09:00:00Z'));

const order = { enrollmentId: 'e1', amount: 779900, currency: 'INR', voided: false, createdAt: at };

describe('stored document shapes', () => {
  it('declare the fields of every collection', () => {
    expect(Object.keys(DOCUMENT_FIELDS).sort()).toEqual(Object.keys(COLLECTIONS).sort());
  });

  it('accept a document with its declared fields, optional ones absent or null', () => {
    expect(documentProblems('orders', order, isTimestamp)).toEqual([]);
    expect(
      documentProblems('webhookEvents', { event: 'order.paid', paymentId: null, result: 'applied', receivedAt: at }, isTimestamp),
    ).toEqual([]);
    expect(readDocument('orders', 'o1', order, isTimestamp).createdAt.toMillis()).toBe(at.toMillis());
  });

  it('name each missing, mistyped, out-of-set or undeclared field', () => {
    const drifted = { ...order, amount: '7799', createdAt: at.toDate(), voided: undefined, extra: 1 };
    expect(documentProblems('orders', drifted, isTimestamp)).toEqual([
      'amount is not a number',
      'voided is missing',
      'createdAt is not a timestamp',
      'extra is not a field of orders',
    ]);
    const payment = {
      enrollmentId: 'e1',
      orderId: 'o1',
      amount: 1,
      currency: 'INR',
      method: 'upi',
      state: 'lost',
      outcome: 'applied',
      flagged: false,
      flagReason: null,
      errorDescription: null,
      refundId: null,
      reportedBy: 'webhook',
      createdAt: at,
      updatedAt: at,
    };
    expect(documentProblems('payments', payment, isTimestamp)).toEqual(['state "lost" is not one of failed, captured, refunded']);
  });

  it('a map is not a timestamp, and a timestamp is not a map', () => {
    expect(documentProblems('paymentClaims', { claimedAt: { seconds: 1 } }, isTimestamp)).toEqual(['claimedAt is not a timestamp']);
  });

  it('readDocument refuses a drifted document with the path and the problems', () => {
    expect(() => readDocument('orders', 'o9', { ...order, currency: 5 }, isTimestamp)).toThrow(DocumentShapeError);
    expect(() => readDocument('orders', 'o9', { ...order, currency: 5 }, isTimestamp)).toThrow(
      'orders/o9 does not have its declared shape: currency is not a string',
    );
  });

  it('documentConverter reads through the shape check and writes what it is given', () => {
    const converter = documentConverter('orders', isTimestamp);
    expect(converter.fromFirestore({ id: 'o1', data: () => order }).amount).toBe(779900);
    expect(() => converter.fromFirestore({ id: 'o2', data: () => ({ ...order, voided: 'no' }) })).toThrow('orders/o2');
    expect(converter.toFirestore(order)).toEqual(order);
  });
});
