/**
 * What identifies a company on its documents beside its name (a statement's heading): the
 * registration number its KYC's company section gives, and the country of registration.
 */
import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { kycSections } from './tables.ts';

/** `country`: the ISO 3166-1 alpha-2 code, when given. */
export type CompanyRegistration = { number: string; country: string | null };

/** The company's registration as its KYC states it; null before the company section names one. */
export async function companyRegistration(handle: DbHandle, companyId: string): Promise<CompanyRegistration | null> {
  const [section] = await handle
    .select({ data: kycSections.data })
    .from(kycSections)
    .where(and(eq(kycSections.company_id, companyId), eq(kycSections.section, 'company')));
  const data = section?.data as { registration_number?: string; registration_country?: string } | undefined;
  if (!data?.registration_number) return null;
  return { number: data.registration_number, country: data.registration_country ?? null };
}
