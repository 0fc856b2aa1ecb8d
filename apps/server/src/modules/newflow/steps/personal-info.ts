import { FIELD_MSG } from '@payrail/contract/messages';
import { EDUCATION_OPTIONS, HOUSING_TYPE_OPTIONS, ZHousingPayload, ZPersonalInfoPayload } from '@payrail/contract/newflow';
import { cents, ZERO } from '@payrail/domain/money';
import { AppError } from '../../../errors';
import { parseMobile } from '../../identity/use-cases/send-phone-code';
import { saveApplicationFields } from '../../application/applications';
import { saveAndMove, stepNotOpen } from '../workflow';
import { moved, parse, saveProfileFields, type StepHandlers } from './shared';

const usDate = (iso: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso);

/** personal_info: name, date of birth, licence and address (classic rules); then its housing sub-step (`sub_step: 'rent'`). */
export const personalInfo = {
  async data({ nf, profile, borrower }) {
    return {
      loan_borrower: {
        first_name: borrower?.firstName ?? null,
        middle_initial: nf?.middleInitial ?? null,
        last_name: borrower?.lastName ?? null,
        phone: nf?.phone ?? null,
        date_of_birth: profile?.dateOfBirth ?? null,
        driver_license_number_last4: null,
        driver_license_state_id: profile?.driverLicenseStateId ?? null,
        address: profile?.address ?? null,
        unit_number: profile?.unitNumber ?? null,
        city: profile?.city ?? null,
        state_id: borrower?.stateId ?? null,
        zip_code: profile?.zipCode ?? null,
        housing_type: nf?.housingType ?? null,
        housing_payment: profile?.housingPaymentCents ?? null,
        education_level: nf?.educationLevel ?? null,
      },
      housing_types: HOUSING_TYPE_OPTIONS.map((o) => ({ ...o })),
      education_levels: EDUCATION_OPTIONS.map((o) => ({ ...o })),
    };
  },
  async post({ ctx, member, nf, body }) {
    if ((body as { sub_step?: unknown }).sub_step === 'rent') {
      const p = parse(ZHousingPayload, body);
      if (!nf?.personalInfoSavedAt) throw stepNotOpen(member.workflowStatus);
      const b = p.loan_borrower;
      const needsPayment = b.housing_type !== 'own_no_mortgage';
      if (needsPayment && (b.housing_payment === null || b.housing_payment === undefined)) throw AppError.fields({ housing_payment: [FIELD_MSG.blank] });
      const housingType = b.housing_type === 'rent' ? 'rent' : b.housing_type === 'other' ? null : 'own';
      await saveApplicationFields(
        ctx,
        member.id,
        { profile: { housingType, housingPaymentCents: needsPayment ? cents(b.housing_payment ?? 0) : ZERO } },
        ctx.now(),
      );
      return moved(await saveAndMove(ctx, member, { housingType: b.housing_type, educationLevel: b.education_level }, 'ssn_input'));
    }
    const b = parse(ZPersonalInfoPayload, body).loan_borrower;
    // The same mobile-number rule as phone_validation (US, BR, PT outside production; 10 US digits in production), before anything is written.
    const phone = parseMobile(ctx, b.phone);
    await saveProfileFields(ctx, member, {
      first_name: b.first_name,
      last_name: b.last_name,
      date_of_birth: usDate(b.date_of_birth),
      driver_license_number: b.driver_license_number,
      driver_license_state_id: b.driver_license_state_id,
      address: b.address,
      unit_number: b.unit_number,
      city: b.city,
      state_id: b.state_id,
      zip_code: b.zip_code,
    });
    const at = ctx.now();
    await ctx.repos.newflow.save(member.id, { middleInitial: b.middle_initial || null, phone, personalInfoSavedAt: at }, at);
    // Stays on personal_info: the SPA shows the housing sub-step (personal_info/rent) next.
    return moved('personal_info');
  },
} satisfies StepHandlers;
