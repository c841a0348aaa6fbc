import { describe, expect, it } from 'vitest';
import { readPayment, readRefund } from './gatewayPayment';

const entity = {
  id: 'pay_29QQoUBi66xm2f',
  entity: 'payment',
  amount: 779900,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_9A33XWu170gUtm',
  method: 'upi',
  error_description: null,
};

describe('reading the gateway’s payment entities', () => {
  it('reads what fulfilment needs', () => {
    expect(readPayment(entity)).toEqual({
      id: 'pay_29QQoUBi66xm2f',
      orderId: 'order_9A33XWu170gUtm',
      amount: 779900,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      errorDescription: null,
      invoiceId: null,
    });
    // A subscription's charge names its cycle's invoice; anything else there is ignored.
    expect(readPayment({ ...entity, invoice_id: 'inv_Jp1Qe8Y2o6YJ3w' })?.invoiceId).toBe('inv_Jp1Qe8Y2o6YJ3w');
    expect(readPayment({ ...entity, invoice_id: 'order_1' })?.invoiceId).toBeNull();
  });

  it('refuses entities that are not payments, or whose amount is not whole paise', () => {
    for (const broken of [
      null,
      [],
      'pay_x',
      { ...entity, id: 'order_1' },
      { ...entity, order_id: undefined },
      { ...entity, amount: 7799.5 },
      { ...entity, amount: -1 },
      { ...entity, amount: '779900' },
      { ...entity, status: '' },
    ]) {
      expect(readPayment(broken)).toBeUndefined();
    }
  });

  it('reads refunds', () => {
    expect(readRefund({ id: 'rfnd_FgRAHdNOM4ZVbO', payment_id: 'pay_29QQoUBi66xm2f', amount: 779900 })).toEqual({
      id: 'rfnd_FgRAHdNOM4ZVbO',
      paymentId: 'pay_29QQoUBi66xm2f',
      amount: 779900,
      purpose: null,
      switchNumber: null,
    });
    // A switch's refund carries its purpose in its notes (switching/switchRefund.ts).
    expect(
      readRefund({ id: 'rfnd_2', payment_id: 'pay_2', amount: 4000, notes: { purpose: 'course-switch', switchNumber: '2' } }),
    ).toMatchObject({
      purpose: 'course-switch',
      switchNumber: 2,
    });
    expect(
      readRefund({ id: 'rfnd_4', payment_id: 'pay_4', amount: 4000, notes: { purpose: 'course-switch', switchNumber: 'x' } })?.switchNumber,
    ).toBeNull();
    expect(readRefund({ id: 'rfnd_3', payment_id: 'pay_3', amount: 4000, notes: [] })?.purpose).toBeNull();
    expect(readRefund({ id: 'rfnd_1', payment_id: 'order_1', amount: 1 })).toBeUndefined();
  });
});
