import { describe, expect, it } from 'vitest';
import { findCourseBySlug } from '../catalogue';
import { campusMayJoin, normaliseOrganisation, organisationProblems, type OrganisationDetails } from './organisations';
import { answerDueAt } from './answerPromise';
import { readInvitationFile } from './invitations';
import { orderInvoiceFacts, seatDescription, supplyFor, unusedSeatsCredit } from './invoices';
import { quoteExpired, quoteFigures, settlement, tdsProblem, utrProblem, poNumberProblem } from './quotes';
import { claimMilestonesDue, nextSeatState, seatCounts, seatLapsesAt, volumePrice } from './seats';

const KARNATAKA = '29';
const NOW = Date.UTC(2024, 10, 30, 11, 30); // Sat 30 Nov 2024, 17:00 IST: far from any window that moves with now.
const ML = findCourseBySlug('machine-learning-with-python')!;
const company: OrganisationDetails = {
  kind: 'team',
  legalName: 'Sahyadri Analytics Private Limited',
  address: '4th floor, Baner Road, Pune 411045',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  domains: [],
};
const college: OrganisationDetails = {
  kind: 'campus',
  legalName: 'Malnad College of Engineering',
  address: 'Salagame Road, Hassan, Karnataka 573202',
  state: '29',
  gstin: null,
  domains: ['@Students.MCEHassan.ac.in '],
};

describe('an organisation', () => {
  it('takes a company with its GSTIN, and a college with none but its student domain', () => {
    expect(organisationProblems(company)).toEqual({});
    expect(organisationProblems(college)).toEqual({});
    expect(normaliseOrganisation(college).domains).toEqual(['students.mcehassan.ac.in']);
    expect(normaliseOrganisation({ ...company, gstin: ' 27aapfu0939f1zv' }).gstin).toBe('27AAPFU0939F1ZV');
  });

  it('refuses a GSTIN with a wrong check character, or of another state than the billing address, on the field', () => {
    expect(organisationProblems({ ...company, gstin: '27AAPFU0939F1ZW' })).toEqual({
      gstin: 'This GSTIN has a typo: its last character does not match the rest.',
    });
    expect(organisationProblems({ ...company, state: '29' })).toEqual({
      gstin: 'This GSTIN is registered in Maharashtra, but the billing address is in Karnataka. Use the GSTIN of the billing state.',
    });
    expect(organisationProblems({ ...college, gstin: '29AAACI1681G1ZL' })).toEqual({});
  });

  it('a campus names one to five real domains; a team names none', () => {
    expect(organisationProblems({ ...college, domains: [] }).domains).toMatch(/^Name the e-mail domain/);
    expect(organisationProblems({ ...college, domains: ['not a domain'] }).domains).toBe('not a domain is not an e-mail domain.');
    expect(organisationProblems({ ...college, domains: ['a.ac.in', 'A.ac.in'] }).domains).toBe('Each domain once, please.');
    expect(organisationProblems({ ...college, domains: ['a.in', 'b.in', 'c.in', 'd.in', 'e.in', 'f.in'] }).domains).toBe(
      'Name at most 5 domains.',
    );
    expect(organisationProblems({ ...company, domains: ['sahyadri.in'] }).domains).toBe('Only a campus names student e-mail domains.');
    expect(organisationProblems({ ...company, legalName: ' ', address: 'Pune', state: '99' })).toEqual({
      legalName: 'Give the legal name, as it is registered (2 to 200 characters).',
      address: 'Give the billing address in full (10 to 500 characters).',
      state: 'Choose the state or union territory of the billing address.',
    });
  });

  it("a campus link lets in only verified addresses of the campus's own domains", () => {
    const domains = ['students.mcehassan.ac.in'];
    expect(campusMayJoin({ email: 'Asha@Students.MCEHassan.ac.in', emailVerified: true }, domains)).toBe(true);
    expect(campusMayJoin({ email: 'asha@students.mcehassan.ac.in', emailVerified: false }, domains)).toBe(false);
    expect(campusMayJoin({ email: 'asha@gmail.com', emailVerified: true }, domains)).toBe(false);
    expect(campusMayJoin({ email: 'asha@evil.students.mcehassan.ac.in', emailVerified: true }, domains)).toBe(false);
    expect(campusMayJoin({ email: 'students.mcehassan.ac.in', emailVerified: true }, domains)).toBe(false);
  });
});

describe('volume prices and quotes', () => {
  it('5-24 seats are 10% off, 25-99 are 15% off; fewer than 5 are single enrollments; 100 or more are quoted', () => {
    expect([4, 5, 24, 25, 99, 100].map(volumePrice)).toEqual([
      { kind: 'too-few' },
      { kind: 'tier', percentOff: 10 },
      { kind: 'tier', percentOff: 10 },
      { kind: 'tier', percentOff: 15 },
      { kind: 'tier', percentOff: 15 },
      { kind: 'quote' },
    ]);
  });

  it('25 Pro seats for a Maharashtra company: ₹6,629 a seat, IGST, and the TDS it may deduct', () => {
    const quote = quoteFigures({ subject: { kind: 'plan', planId: 'pro' }, seats: 25, supply: 'inter-state', nowMs: NOW });
    expect(quote).toEqual({
      figures: {
        seats: 25,
        listSeatPrice: 779_900,
        seatPrice: 662_900,
        percentOff: 15,
        tax: { total: 16_572_500, taxable: 14_044_491, cgst: 0, sgst: 0, igst: 2_528_009, cgstRate: 0, sgstRate: 0, igstRate: 18 },
        validUntilMs: Date.UTC(2024, 11, 15, 11, 30),
        tds: 1_404_449,
      },
    });
  });

  it('40 seats in a Machine Learning batch for a Karnataka college: CGST and SGST', () => {
    const quote = quoteFigures({ subject: { kind: 'course', courseId: ML.id }, seats: 40, supply: 'intra-state', nowMs: NOW });
    expect('figures' in quote && quote.figures.tax).toEqual({
      total: 12_204_000,
      taxable: 10_342_372,
      cgst: 930_814,
      sgst: 930_814,
      igst: 0,
      cgstRate: 9,
      sgstRate: 9,
      igstRate: 0,
    });
    expect('figures' in quote && [quote.figures.seatPrice, quote.figures.tds]).toEqual([305_100, 1_034_237]);
  });

  it('refuses what cannot be quoted, and prices 100 seats or more only at a price staff agreed', () => {
    const platinum = { subject: { kind: 'plan', planId: 'platinum' }, supply: 'inter-state', nowMs: NOW } as const;
    expect(quoteFigures({ ...platinum, seats: 4 })).toEqual({
      refused: 'Teams and campuses buy 5 seats or more; for fewer, each learner enrolls on their own.',
    });
    expect(quoteFigures({ ...platinum, seats: 120 })).toMatchObject({ refused: expect.stringMatching(/^For 100 seats or more/) });
    expect(quoteFigures({ ...platinum, seats: 120, agreedSeatPrice: 999_700 })).toMatchObject({
      refused: expect.stringMatching(/at most the list price/),
    });
    const agreed = quoteFigures({ ...platinum, seats: 120, agreedSeatPrice: 799_700 });
    expect('figures' in agreed && [agreed.figures.seatPrice, agreed.figures.percentOff, agreed.figures.tax.total]).toEqual([
      799_700, 20, 95_964_000,
    ]);
    expect(quoteFigures({ subject: { kind: 'course', courseId: 9999 }, seats: 10, supply: 'intra-state', nowMs: NOW })).toEqual({
      refused: 'This course or plan is not sold as seats.',
    });
  });

  it('a quote is payable for 15 days, to the millisecond', () => {
    const validUntilMs = Date.UTC(2024, 11, 15, 11, 30);
    expect(quoteExpired({ validUntilMs }, validUntilMs - 1)).toBe(false);
    expect(quoteExpired({ validUntilMs }, validUntilMs)).toBe(true);
  });

  it('an order is paid in full once payments plus the TDS deducted cover its total', () => {
    expect(settlement(12_204_000, [{ amount: 11_169_763 }], 0)).toEqual({
      received: 11_169_763,
      tds: 0,
      outstanding: 1_034_237,
      settled: false,
    });
    expect(settlement(12_204_000, [{ amount: 11_169_763 }], 1_034_237)).toEqual({
      received: 11_169_763,
      tds: 1_034_237,
      outstanding: 0,
      settled: true,
    });
    expect(tdsProblem(1_034_238, { tds: 1_034_237 })).toBe('TDS under section 194J is at most 10% of the taxable value.');
    expect(tdsProblem(0, { tds: 1 })).toBe('Give the TDS deducted in rupees and paise.');
    expect(tdsProblem(1_034_237, { tds: 1_034_237 })).toBeUndefined();
  });

  it('checks a transfer’s UTR and a PO number', () => {
    expect(['HDFCN52024113012', 'SBINR52024113000000012', '433512345678', ' hdfcn5202411 3012'].map(utrProblem)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(utrProblem('12345')).toMatch(/^A UTR is 16 characters/);
    expect(poNumberProblem('PO/2024-25/0172')).toBeUndefined();
    expect(poNumberProblem('<script>')).toMatch(/^A PO number is up to 40/);
  });
});

describe("a seat's life", () => {
  it('unassigned -> invited -> claimed; an invitation is revoked back to unassigned until claimed', () => {
    expect(nextSeatState('unassigned', 'invite')).toEqual({ state: 'invited' });
    expect(nextSeatState('invited', 'revoke')).toEqual({ state: 'unassigned' });
    expect(nextSeatState('invited', 'claim')).toEqual({ state: 'claimed' });
    expect(nextSeatState('unassigned', 'claim')).toEqual({ state: 'claimed' });
    expect(nextSeatState('claimed', 'revoke')).toEqual({
      refused: 'This seat is claimed: it was used, and cannot be given to someone else.',
    });
    expect(nextSeatState('invited', 'invite')).toEqual({ refused: 'This seat is invited: revoke the invitation first.' });
  });

  it('removing a member ends their access and the seat stays used; unclaimed seats lapse, claimed ones never', () => {
    expect(nextSeatState('claimed', 'remove-member')).toEqual({ state: 'ended' });
    expect(nextSeatState('ended', 'invite')).toEqual({ refused: 'This seat was used by a member who has left: it cannot be given again.' });
    expect(nextSeatState('invited', 'lapse')).toEqual({ state: 'lapsed' });
    expect(nextSeatState('claimed', 'lapse')).toMatchObject({ refused: expect.any(String) });
    expect(nextSeatState('lapsed', 'claim')).toEqual({ refused: 'This seat lapsed unclaimed.' });
  });

  it('a course seat lapses when its batch starts, a plan seat 12 months after payment (India time)', () => {
    const batchStartMs = Date.UTC(2024, 11, 14, 3, 30);
    expect(seatLapsesAt('course', { paidAtMs: NOW, batchStartMs })).toBe(batchStartMs);
    expect(seatLapsesAt('plan', { paidAtMs: NOW, batchStartMs: null })).toBe(Date.UTC(2025, 10, 30, 11, 30));
  });

  it('counts seats without drift, and mails admins at 75% and 100% used, once each', () => {
    expect(seatCounts({ unassigned: 2, invited: 2, claimed: 18, ended: 1, lapsed: 1 })).toEqual({
      bought: 24,
      unassigned: 2,
      invited: 2,
      claimed: 18,
      ended: 1,
      lapsed: 1,
      left: 2,
    });
    expect(claimMilestonesDue({ bought: 24, claimed: 17, ended: 0 }, [])).toEqual([]);
    expect(claimMilestonesDue({ bought: 24, claimed: 17, ended: 1 }, [])).toEqual([75]);
    expect(claimMilestonesDue({ bought: 24, claimed: 24, ended: 0 }, [75])).toEqual([100]);
    expect(claimMilestonesDue({ bought: 24, claimed: 24, ended: 0 }, [75, 100])).toEqual([]);
  });
});

describe('an invitation file', () => {
  const order = { seatsLeft: 3, taken: ['ravi@sahyadri.in'] };

  it('takes a file whole: a header, addresses and names', () => {
    expect(readInvitationFile('\uFEFFemail,name\r\nAsha@Sahyadri.in,Asha Rao\r\nbilal@sahyadri.in\r\n\r\n', order)).toEqual({
      ok: true,
      invitees: [
        { email: 'asha@sahyadri.in', name: 'Asha Rao' },
        { email: 'bilal@sahyadri.in', name: null },
      ],
    });
  });

  it('names every bad row (malformed, duplicate, already invited, over the seats left), and applies nothing', () => {
    const file = [
      'E-mail',
      'asha@sahyadri.in',
      'not-an-address',
      'ASHA@sahyadri.in',
      'ravi@sahyadri.in',
      'chen@sahyadri.in',
      'dev@sahyadri.in',
      'ema@sahyadri.in',
    ].join('\n');
    expect(readInvitationFile(file, order)).toEqual({
      ok: false,
      problems: [
        { row: 3, problem: '"not-an-address" is not an e-mail address.' },
        { row: 4, problem: 'asha@sahyadri.in is already on row 2.' },
        { row: 5, problem: 'ravi@sahyadri.in is already invited or holds a seat.' },
        { row: 8, problem: 'Over the seats left: 3 seats are unassigned.' },
      ],
    });
  });

  it('refuses a file of more than 500 rows, an empty one, and one that is not CSV', () => {
    const many = Array.from({ length: 501 }, (_, i) => `learner${i}@college.ac.in`).join('\n');
    expect(readInvitationFile(many, { seatsLeft: 600, taken: [] })).toEqual({
      ok: false,
      problems: [{ row: 501, problem: 'A file holds at most 500 rows; this one has 501.' }],
    });
    expect(readInvitationFile('email\n', order)).toEqual({ ok: false, problems: [{ row: 1, problem: 'The file has no addresses.' }] });
    expect(readInvitationFile('asha@sahyadri.in\n"bilal@sahyadri.in,Bilal\n', order)).toMatchObject({
      ok: false,
      problems: [{ problem: 'This line is not valid CSV (a quote left open?). Save the file as CSV and try again.' }],
    });
  });
});

// The quotes' figures (above), written out.
const PRO_25 = { total: 16_572_500, taxable: 14_044_491, cgst: 0, sgst: 0, igst: 2_528_009, cgstRate: 0, sgstRate: 0, igstRate: 18 };
const ML_40 = { total: 12_204_000, taxable: 10_342_372, cgst: 930_814, sgst: 930_814, igst: 0, cgstRate: 9, sgstRate: 9, igstRate: 0 };

describe("an organisation's invoice", () => {
  it('a Maharashtra company: IGST, its GSTIN and legal name, the PO number, SAC 999293, no reverse charge, a B2B row', () => {
    expect(supplyFor(company, KARNATAKA)).toBe('inter-state');
    expect(
      orderInvoiceFacts({
        organisation: company,
        supplierStateCode: KARNATAKA,
        subject: { kind: 'plan', planId: 'pro' },
        seats: 25,
        seatPrice: 662_900,
        tax: PRO_25,
        poNumber: 'PO/2024-25/0172',
        batchLabel: null,
      }),
    ).toEqual({
      recipient: {
        legalName: 'Sahyadri Analytics Private Limited',
        address: '4th floor, Baner Road, Pune 411045',
        gstin: '27AAPFU0939F1ZV',
        stateCode: '27',
        stateName: 'Maharashtra',
      },
      placeOfSupply: { kind: 'inter-state', code: '27', name: 'Maharashtra' },
      sac: '999293',
      description: '25 seats: Pro plan',
      quantity: 25,
      unitPrice: 662_900,
      poNumber: 'PO/2024-25/0172',
      reverseCharge: false,
      b2b: true,
      tax: PRO_25,
    });
  });

  it('a Karnataka college with no GSTIN: CGST + SGST, its billing state as the place of supply, a B2C row', () => {
    expect(supplyFor(college, KARNATAKA)).toBe('intra-state');
    const facts = orderInvoiceFacts({
      organisation: college,
      supplierStateCode: KARNATAKA,
      subject: { kind: 'course', courseId: ML.id },
      seats: 40,
      seatPrice: 305_100,
      tax: ML_40,
      poNumber: null,
      batchLabel: 'Weekend Morning, from Sat 14 Dec 2024 (Sat, Sun 09:00–12:00 IST)',
    });
    expect([facts.placeOfSupply, facts.b2b, facts.description]).toEqual([
      { kind: 'intra-state', code: '29', name: 'Karnataka' },
      false,
      '40 seats in Machine Learning with Python (batch: Weekend Morning, from Sat 14 Dec 2024 (Sat, Sun 09:00–12:00 IST))',
    ]);
  });

  it('names plans as people know them', () => {
    expect(seatDescription({ kind: 'plan', planId: 'yearly' }, 5, null)).toBe('5 seats: Elite Learning Membership');
    expect(seatDescription({ kind: 'plan', planId: 'platinum' }, 1, null)).toBe('1 seat: Platinum plan');
  });

  it("credits cancelled unclaimed seats in the invoice's proportions, adding up to the paisa", () => {
    const credit = unusedSeatsCredit({ tax: ML_40, unitPrice: 305_100, quantity: 40 }, 3);
    expect(credit).toEqual({ ...ML_40, total: 915_300, taxable: 775_678, cgst: 69_811, sgst: 69_811 });
    expect(credit.taxable + credit.cgst + credit.sgst).toBe(915_300);
    expect(() => unusedSeatsCredit({ tax: ML_40, unitPrice: 305_100, quantity: 40 }, 41)).toThrow('Cancel 1 to 40 seats, not 41');
  });
});

describe('the answer promised to a request (one working day, India)', () => {
  const ist = (iso: string) => Date.parse(`${iso}+05:30`);
  it('counts 9 working hours: Monday to Saturday, 09:00 to 18:00', () => {
    // A Tuesday at 11:00: Wednesday at 11:00.
    expect(answerDueAt(ist('2031-01-07T11:00:00'))).toBe(ist('2031-01-08T11:00:00'));
    // A Saturday at 17:00: one hour that day, Sunday off, eight more on Monday.
    expect(answerDueAt(ist('2031-01-11T17:00:00'))).toBe(ist('2031-01-13T17:00:00'));
    // At night: from 09:00 the next working morning.
    expect(answerDueAt(ist('2031-01-07T22:30:00'))).toBe(ist('2031-01-08T18:00:00'));
  });
});
