/** Who a user is: a client's role in its company, or a role of the bank's staff. */
import { z } from 'zod';

export const staffRoles = ['system_admin', 'compliance_officer', 'sales_relationship_manager'] as const;
export const clientRoles = ['administrator', 'director', 'partner', 'staff_member'] as const;
/**
 * A member's role in their company, beside their permission group: the administrator gives each
 * member one. Directors and partners may apply for cards and sponsor a staff member's application.
 */
export const companyMemberRoles = ['director', 'partner', 'staff_member'] as const;
export const CompanyMemberRole = z.enum(companyMemberRoles);
export type CompanyMemberRole = z.infer<typeof CompanyMemberRole>;
/** The company roles that may sponsor a staff member's card application (SPEC.md section 6). */
export const cardSponsorRoles: readonly ClientRole[] = ['director', 'partner'];
export const userRoles = [...clientRoles, ...staffRoles] as const;
export const UserRole = z.enum(userRoles);
export type UserRole = z.infer<typeof UserRole>;
export type StaffRole = (typeof staffRoles)[number];
export type ClientRole = (typeof clientRoles)[number];

export function isStaffRole(role: UserRole): boolean {
  return (staffRoles as readonly string[]).includes(role);
}

/** The bank's sales relationship manager of a company, as a client or staff reads them: linked to its cards, contacts its people. */
export const RelationshipManagerContact = z.object({ full_name: z.string(), email: z.string() });
export type RelationshipManagerContact = z.infer<typeof RelationshipManagerContact>;
