import type { DecodedIdToken } from 'firebase-admin/auth';
import { isValidCoupon, resolveOffer, type Offer, type OfferRef } from '@upskill/domain/catalogue';
import { MESSAGES, enrollmentSchema, normaliseEnrollment, type EnrollmentInput } from '@upskill/domain/forms';
import { enrollmentSearchKeys } from '@upskill/domain/staff';
import { HttpError } from '../http/errors';
import { bearerToken, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { verifyIdToken } from '../http/identity';

/** An enrollment form as the server takes it: validated, priced from the catalogue, never from the client. */

export async function optionalCaller(req: HttpRequest): Promise<DecodedIdToken | undefined> {
  const token = bearerToken(req);
  return token ? verifyIdToken(token) : undefined;
}

export async function validEnrollment(body: unknown): Promise<{ input: EnrollmentInput; offer: Offer }> {
  const input = await validateBody(enrollmentSchema, body, MESSAGES.enrollmentInvalid);
  const coupon = input.coupon?.trim();
  if (coupon && !isValidCoupon(coupon)) {
    throw new HttpError('invalid-argument', MESSAGES.enrollmentInvalid, { coupon: MESSAGES.couponInvalid });
  }
  const ref: OfferRef =
    input.courseId !== undefined ? { courseId: input.courseId } : { planId: input.planId ?? '', courseIds: input.courseIds };
  const offer = resolveOffer(ref, coupon);
  if (!offer) throw new HttpError('invalid-argument', MESSAGES.planNotFound, { planId: MESSAGES.planNotFound });
  return { input, offer };
}

/** The stored fields; price and features come from the catalogue, whatever the client sent. */
export function storedFields(input: EnrollmentInput, offer: Offer) {
  const person = normaliseEnrollment(input);
  return {
    ...person,
    // What the staff console's search box matches (see domain/staff.ts).
    searchKeys: enrollmentSearchKeys(person.name, person.email),
    planName: offer.planName,
    planId: offer.planId ?? null,
    courseId: offer.courseId ?? null,
    courseIds: offer.courseIds ?? null,
    price: offer.price,
    listPrice: offer.listPrice,
    couponApplied: offer.couponApplied,
    features: offer.features,
  };
}
