import { yupResolver } from '@hookform/resolvers/yup';
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { BatchListing } from '@upskill/domain/enrollment';
import { findCourse, slugify, CUSTOM_PLAN, findPlan } from '@upskill/domain/catalogue';
import { BATCH_TIMES, INTERESTED_COURSES, type BatchTime, formatRupees } from '@upskill/domain/common';
import { BatchPicker, WaitlistForm, fetchBatches } from '../batches';
import { MESSAGES, enrollmentFormSchema, type EnrollmentFormValues } from '@upskill/domain/forms';
import { AGE_DECLARATIONS, AGE_LABELS } from '@upskill/domain/account';
import { FormField } from '../../components/FormField';
import { FeatureList } from '../../components/FeatureList';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../config/paths';
import { hasSessionHint } from '../../lib/sessionHint';
import type { SignedInUser } from '../auth';
import type { Offer } from '@upskill/domain/catalogue';
import { isEditable } from '@upskill/domain/enrollment';
import { loadDraft, type EnrollmentDraft } from './draft';
import { CustomCoursePicker } from './CustomCoursePicker';
import { isCustomPlan, offerFor } from './offerView';
import type { EnrollmentLinkState, EnrollmentTarget } from './enrollLink';
import { isEnrollmentTarget, targetFromParam } from './target';
import { useEnrollmentSubmit } from './useEnrollmentSubmit';
import { useReferral } from './useReferral';
import { ReferralNotice } from './ReferralNotice';

// Through auth's public entry, loaded only when rendered: the Firebase SDK stays off the form's first load.
const UserProbe = lazy(() => import('../auth').then((m) => ({ default: m.UserProbe })));

const customPlan = findPlan(CUSTOM_PLAN.id);
const CUSTOM_PLAN_NAME = customPlan?.name ?? 'Custom';
const CUSTOM_FEATURES = customPlan?.features ?? [];

export default function EnrollmentPage() {
  useDocumentMeta('Enroll', 'Tell us about yourself and choose a batch to enroll in your Upskill plan or course.', { noindex: true });
  const params = useParams();
  const location = useLocation();
  const state = isEnrollmentTarget(location.state) ? (location.state as EnrollmentLinkState) : undefined;
  const target = state ?? targetFromParam(params.target);

  // Editing: the draft in this tab holds the saved record and its edit token.
  const editId = state?.editId;
  const draft = useMemo(() => {
    const saved = loadDraft();
    // A paid enrollment is settled (Back after paying): the form starts a new one instead.
    return editId && saved?.record.id === editId && isEditable(saved.record.status) ? saved : undefined;
  }, [editId]);
  const coupon = target?.kind === 'plan' ? (target.coupon ?? draft?.coupon) : undefined;
  const offer = target ? offerFor(target, coupon) : undefined;

  if (!target || (!offer && !isCustomPlan(target))) {
    return (
      <section className="container state">
        <h1>Enroll</h1>
        <p role="alert" className="status status--error">
          {MESSAGES.planNotFound}
        </p>
        <Link className="btn btn--primary" to={paths.pricing}>
          See plans and pricing
        </Link>
      </section>
    );
  }
  return <EnrollmentForm target={target} offer={offer} coupon={coupon} draft={draft} />;
}

interface FormProps {
  target: EnrollmentTarget;
  offer: Offer | undefined;
  coupon: string | undefined;
  draft: EnrollmentDraft | undefined;
}

function EnrollmentForm({ target: linked, offer: linkedOffer, coupon, draft }: FormProps) {
  const user = useRef<SignedInUser | null>(null);
  // The Custom plan's courses: chosen here, priced by the domain rule the server applies.
  const custom = isCustomPlan(linked);
  const [courseIds, setCourseIds] = useState<number[]>(
    () => (linked.kind === 'plan' ? linked.courseIds : undefined) ?? draft?.record.courseIds ?? [],
  );
  const target: EnrollmentTarget = custom && linked.kind === 'plan' ? { ...linked, courseIds } : linked;
  const offer = custom ? offerFor(target, coupon) : linkedOffer;
  const [pickerError, setPickerError] = useState<string | undefined>();
  const [signedIn] = useState(hasSessionHint);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<EnrollmentFormValues>({
    resolver: yupResolver(enrollmentFormSchema),
    defaultValues: draft
      ? {
          name: draft.record.name,
          collegeName: draft.record.collegeName,
          email: draft.record.email,
          phone: draft.record.phone,
          interestedCourse: draft.record.interestedCourse,
          preferredBatchTime: draft.record.preferredBatchTime,
          ageDeclaration: draft.record.ageDeclaration ?? undefined,
          guardianName: draft.record.guardian?.name ?? '',
          // The stored address is masked in the record; an edit keeps the guardian, so the field stays as the draft kept it.
          guardianEmail: draft.guardianEmail ?? '',
        }
      : {
          name: '',
          collegeName: '',
          email: '',
          phone: '',
          interestedCourse: INTERESTED_COURSES[0],
          preferredBatchTime: BATCH_TIMES[0],
          ageDeclaration: undefined,
          guardianName: '',
          guardianEmail: '',
        },
  });

  // A signed-in visitor gets their e-mail and name filled in, and the enrollment is tied to the account.
  const onUser = useCallback(
    (signedIn: SignedInUser | null) => {
      user.current = signedIn;
      if (!signedIn) return;
      if (!getValues('email') && signedIn.email) setValue('email', signedIn.email);
      if (!getValues('name') && signedIn.displayName) setValue('name', signedIn.displayName);
    },
    [getValues, setValue],
  );

  // The batch: from the link (a course page's batch, a waitlist offer), the draft, or the first open one at the chosen time.
  const [search] = useSearchParams();
  const offerToken = search.get('offer') ?? undefined;
  const interestedCourse = useWatch({ control, name: 'interestedCourse' });
  const minor = useWatch({ control, name: 'ageDeclaration' }) === 'minor';
  const ageGroup = useId();
  const batchTime = useWatch({ control, name: 'preferredBatchTime' }) as BatchTime;
  const offering = linked.kind === 'course' ? (findCourse(linked.courseId)?.slug ?? '') : slugify(interestedCourse);
  const [reload, setReload] = useState(0);
  const listKey = `${offering}#${reload}`;
  const [loaded, setLoaded] = useState<{ key: string; batches: BatchListing[] | 'failed' }>();
  useEffect(() => {
    let live = true;
    fetchBatches(offering).then(
      (answer) => live && setLoaded({ key: listKey, batches: answer.batches.filter((b) => b.status === 'open' || b.status === 'full') }),
      () => live && setLoaded({ key: listKey, batches: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [offering, listKey]);
  const batches = loaded?.key === listKey ? loaded.batches : undefined;
  const [picked, setPicked] = useState<string | undefined>(() => search.get('batch') ?? draft?.record.batchId ?? undefined);
  const [full, setFull] = useState<{ message: string; batch: BatchListing | undefined } | null>(null);
  // A batch named by the link (a course page's batch, a waitlist offer) sets the batch time once the list is in.
  const linkedBatch = useRef(search.get('batch'));
  useEffect(() => {
    if (!Array.isArray(batches) || !linkedBatch.current) return;
    const named = batches.find((b) => b.id === linkedBatch.current);
    linkedBatch.current = null;
    if (named && named.batchTime !== getValues('preferredBatchTime')) setValue('preferredBatchTime', named.batchTime);
  }, [batches, getValues, setValue]);
  // The picked batch if it is at the chosen time; else the first with a seat at that time.
  const atTime = Array.isArray(batches) ? batches.filter((b) => b.batchTime === batchTime) : [];
  const selectedBatch = atTime.find((b) => b.id === picked) ?? atTime.find((b) => b.seatsLeft > 0) ?? atTime[0];
  // Until the list is in, the batch held (the draft's, or the link's) is sent only at the time the form opened with.
  // A time changed meanwhile is the server's to match: it moves the seat to an open batch at that time. (Sending the
  // held batch sent the old time back: a loaded run's edit to Weekend Evening saved Weekday Morning.)
  const [openedAt] = useState(batchTime);
  const batchId = Array.isArray(batches) ? selectedBatch?.id : batchTime === openedAt ? picked : undefined;
  const onFull = useCallback(
    (message: string) => {
      setFull({ message, batch: selectedBatch });
      setReload((n) => n + 1);
    },
    [selectedBatch],
  );

  const { referral, eligible: referralEligible, code: referralCode, remove: removeReferral } = useReferral(offer, draft !== undefined);
  const { alert, setAlert, submit } = useEnrollmentSubmit({
    target,
    offer,
    coupon,
    draft,
    user,
    setError,
    batch: { id: batchId, offer: offerToken },
    onFull,
    referralCode,
  });

  return (
    <section className="section">
      <div className="container enroll">
        <aside className="card enroll__summary" aria-labelledby="summary-title">
          <span className="eyebrow">{offer?.kind === 'course' ? 'Course' : 'Plan'}</span>
          <h2 id="summary-title">{offer?.planName ?? CUSTOM_PLAN_NAME}</h2>
          {offer ? (
            <p className="plan__price" aria-live="polite" data-testid="offer-price">
              {offer.couponApplied && <s>{formatRupees(offer.listPrice)}</s>}
              {formatRupees(offer.price)}
            </p>
          ) : (
            <p className="plan__price" aria-live="polite" data-testid="offer-price">
              <span className="plan__per">Choose 1 to 3 courses</span>
            </p>
          )}
          {custom && offer && (
            <p className="muted">
              {courseIds.length} {courseIds.length === 1 ? 'course' : 'courses'} × {formatRupees(CUSTOM_PLAN.pricePerCourse)}
            </p>
          )}
          {offer?.couponApplied && <p className="status status--success">{MESSAGES.couponApplied}</p>}
          <ReferralNotice
            referral={referral}
            offer={offer}
            eligible={referralEligible}
            onRemove={() => {
              removeReferral();
              setAlert(null);
            }}
          />
          <FeatureList features={offer?.features ?? CUSTOM_FEATURES} />
        </aside>
        <div className="card enroll__form">
          <h1>Enrollment details</h1>
          {draft && (
            <p className="status status--info" data-testid="editing-notice">
              Editing your existing enrollment (ID: {draft.record.id})
            </p>
          )}
          {alert && (
            <p className="status status--error" role="alert">
              {alert}
            </p>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              if (custom) setPickerError(offer ? undefined : MESSAGES.customCourses);
              handleSubmit(submit, () => setAlert(MESSAGES.enrollmentInvalid))(event);
            }}
          >
            {custom && (
              <CustomCoursePicker
                selected={courseIds}
                error={pickerError}
                onChange={(ids) => {
                  setCourseIds(ids);
                  if (ids.length > 0) setPickerError(undefined);
                }}
              />
            )}
            <FormField label="Full name" error={errors.name?.message}>
              <input className="input" autoComplete="name" {...register('name')} />
            </FormField>
            <FormField label="College name" error={errors.collegeName?.message}>
              <input className="input" autoComplete="organization" {...register('collegeName')} />
            </FormField>
            <FormField
              label="E-mail"
              hint={draft ? 'The e-mail of an enrollment cannot be changed. Start a new enrollment to use another address.' : undefined}
              error={errors.email?.message}
            >
              <input className="input" type="email" autoComplete="email" readOnly={draft !== undefined} {...register('email')} />
            </FormField>
            <FormField label="Phone" hint="10 digits, e.g. 9876543210" error={errors.phone?.message}>
              <input className="input" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} {...register('phone')} />
            </FormField>
            <FormField label="Interested course" error={errors.interestedCourse?.message}>
              <select className="input" {...register('interestedCourse')}>
                {INTERESTED_COURSES.map((course) => (
                  <option key={course}>{course}</option>
                ))}
              </select>
            </FormField>
            <FormField label="Preferred batch time" error={errors.preferredBatchTime?.message}>
              <select className="input" {...register('preferredBatchTime')}>
                {BATCH_TIMES.map((time) => (
                  <option key={time}>{time}</option>
                ))}
              </select>
            </FormField>
            <fieldset
              className="age-declaration"
              aria-describedby={errors.ageDeclaration ? `${ageGroup}-error` : undefined}
              aria-invalid={errors.ageDeclaration ? true : undefined}
            >
              <legend>Your age</legend>
              {AGE_DECLARATIONS.map((value) => (
                <label key={value} className="payment-method">
                  <input type="radio" value={value} {...register('ageDeclaration')} />
                  {AGE_LABELS[value]}
                </label>
              ))}
              {errors.ageDeclaration?.message && (
                <span id={`${ageGroup}-error`} className="field__error">
                  {errors.ageDeclaration.message}
                </span>
              )}
            </fieldset>
            {minor && (
              <div className="guardian-fields">
                <p className="muted">
                  Under 18, your parent or guardian must agree before you can pay. We will mail them a link; payment opens once they
                  consent. We never send newsletters or offers to learners under 18.
                </p>
                <FormField label="Parent’s or guardian’s name" error={errors.guardianName?.message}>
                  <input
                    className="input"
                    autoComplete="off"
                    readOnly={draft?.record.ageDeclaration != null}
                    {...register('guardianName')}
                  />
                </FormField>
                <FormField label="Parent’s or guardian’s e-mail" error={errors.guardianEmail?.message}>
                  <input
                    className="input"
                    type="email"
                    autoComplete="off"
                    readOnly={draft?.record.ageDeclaration != null}
                    {...register('guardianEmail')}
                  />
                </FormField>
              </div>
            )}
            <Suspense fallback={<p className="muted">Loading batches…</p>}>
              <BatchPicker
                batches={batches}
                batchTime={batchTime}
                selected={batchId}
                onSelect={(batch) => {
                  setPicked(batch.id);
                  setFull(null);
                }}
              />
            </Suspense>
            {offerToken && <p className="status status--info">Your waitlist link holds a seat in this batch for you.</p>}
            {full && (
              <div className="status status--error" role="alert" data-testid="batch-full">
                <p>{full.message}</p>
                {full.batch && (
                  <Suspense fallback={null}>
                    <WaitlistForm
                      batchId={full.batch.id}
                      label={`the ${full.batch.batchTime} batch starting ${full.batch.startDate}`}
                      defaults={{ name: getValues('name'), email: getValues('email'), phone: getValues('phone') }}
                      plan={linked.kind === 'plan' && !custom ? linked.planId : undefined}
                    />
                  </Suspense>
                )}
              </div>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Next'}
            </button>
          </form>
        </div>
      </div>
      {/* The SDK loads here only for a browser that was signed in. */}
      {signedIn && (
        <Suspense fallback={null}>
          <UserProbe onUser={onUser} />
        </Suspense>
      )}
    </section>
  );
}
