/** Who a user is: a client's role in its company, or a role of the bank's staff. */
import { z } from 'zod';

export const staffRoles = ['system_admin', 'compliance_officer', 'sales_relationship_manager'] as const;
export const clientRoles = ['administrator', 'director', 'partner', 'staff_member'] as const;
export const userRoles = [...clientRoles, ...staffRoles] as const;
export const UserRole = z.enum(userRoles);
export type UserRole = z.infer<typeof UserRole>;
export type StaffRole = (typeof staffRoles)[number];
export type ClientRole = (typeof clientRoles)[number];

export function isStaffRole(role: UserRole): boolean {
  return (staffRoles as readonly string[]).includes(role);
}
