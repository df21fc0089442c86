export const masterAdminPath = "/user-master-management";

export function ownerLicencePath(licenseId: string): string {
  return `${masterAdminPath}/licences/${licenseId}`;
}
