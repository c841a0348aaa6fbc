import { useRef, useState, type RefObject } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { Offer } from '@upskill/domain/catalogue';
import { MESSAGES, type EnrollmentFormValues, type EnrollmentRequest } from '@upskill/domain/forms';
import { paths } from '../../config/paths';
import { ApiError, newIdempotencyKey } from '../../lib/api';
import type { SignedInUser } from '../auth';
import { createEnrollment, updateEnrollment, type EnrollmentRecord } from './api';
import { saveDraft, type EnrollmentDraft } from './draft';
import { forgetReferral } from '../../lib/referral';
import type { EnrollmentTarget } from './target';

const FORM_FIELDS: readonly (keyof EnrollmentFormValues)[] = [
  'name',
  'collegeName',
  'email',
  'phone',
  'interestedCourse',
  'preferredBatchTime',
  'ageDeclaration',
  'guardianName',
  'guardianEmail',
];
const isFormField = (key: string): key is keyof EnrollmentFormValues => (FORM_FIELDS as readonly string[]).includes(key);

interface Options {
  target: EnrollmentTarget;
  /** Undefined while a Custom plan has no valid choice of courses yet. */
  offer: Offer | undefined;
  coupon: string | undefined;
  /** The enrollment being edited (Back to Edit), with its edit token. */
  draft: EnrollmentDraft | undefined;
  user: RefObject<SignedInUser | null>;
  setError: UseFormSetError<EnrollmentFormValues>;
  /** The batch chosen in the picker, and a waitlist offer from the link in its mail. */
  batch: { id: string | undefined; offer: string | undefined };
  /** The batch filled up (409): the form offers its waitlist and the other batches. */
  onFull: (message: string) => void;
  /** A friend's referral code to send with a new enrollment (a course plan's only). */
  referralCode: string | undefined;
}

/**
 * The form's submit: builds the request from the form and the chosen offer, creates or updates the
 * enrollment, keeps it (with its edit token) for this tab, and moves on to payment. A failure keeps
 * the visitor's input, shows the save-failure message, and puts any per-field answer from the server
 * under its field.
 */
export function useEnrollmentSubmit({ target, offer, coupon, draft, user, setError, batch, onFull, referralCode }: Options) {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  // One key per enrollment attempt: a retry after a lost answer finds the first write.
  const idempotencyKey = useRef(newIdempotencyKey());

  const submit = async (values: EnrollmentFormValues) => {
    setAlert(null);
    if (!offer) {
      setAlert(MESSAGES.customCourses);
      return;
    }
    // Only what the server reads: it derives the plan's name, price and features from these itself.
    const { guardianName, guardianEmail, ...person } = values;
    const minor = values.ageDeclaration === 'minor';
    const payload: EnrollmentRequest = {
      ...person,
      name: values.name.trim(),
      collegeName: values.collegeName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      ...(minor ? { guardianName: (guardianName ?? '').trim(), guardianEmail: (guardianEmail ?? '').trim() } : {}),
      ...(target.kind === 'course' ? { courseId: target.courseId } : { planId: target.planId }),
      ...(offer.courseIds ? { courseIds: offer.courseIds } : {}),
      ...(offer.couponApplied && coupon ? { coupon } : {}),
      ...(batch.id ? { batchId: batch.id } : {}),
      ...(batch.id && batch.offer ? { waitlistOffer: batch.offer } : {}),
      ...(referralCode && !draft ? { referralCode } : {}),
    };
    try {
      const idToken = await user.current?.getIdToken().catch(() => undefined);
      let editToken = draft?.editToken;
      let saved: EnrollmentRecord;
      if (draft) {
        saved = await updateEnrollment(draft.record.id, payload, { idToken, editToken });
      } else {
        const { editToken: issued, ...created } = await createEnrollment(payload, { idToken, idempotencyKey: idempotencyKey.current });
        editToken = issued;
        saved = created;
        // The discount is on this enrollment now (an edit keeps it): the link has done its work.
        if (referralCode) forgetReferral();
      }
      saveDraft({ record: saved, editToken, coupon, ...(minor ? { guardianEmail: (guardianEmail ?? '').trim() } : {}) });
      idempotencyKey.current = newIdempotencyKey();
      // The edit token stays out of router state (history entries outlive the session); only this
      // tab's draft keeps it, and sign-out or payment clears that.
      navigate(paths.payment, { state: { enrollment: saved } });
    } catch (err) {
      // The details were logged by the API client; the visitor keeps their input and can retry.
      if (err instanceof ApiError && err.status === 409 && ('batchId' in err.fields || 'preferredBatchTime' in err.fields)) {
        onFull(err.message);
        return;
      }
      if (err instanceof ApiError && err.status === 403 && batch.offer) {
        setAlert(err.message);
        return;
      }
      // The referral link was refused (their own, not a first purchase): the form says why; the notice offers to drop it.
      if (err instanceof ApiError && err.fields.referralCode) {
        setAlert(err.fields.referralCode);
        return;
      }
      setAlert(MESSAGES.enrollmentSaveFailed);
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) if (isFormField(field)) setError(field, { message });
      }
    }
  };

  return { alert, setAlert, submit };
}
