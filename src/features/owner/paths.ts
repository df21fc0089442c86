export const masterAdminPath = "/user-master-management";

export function ownerLicencePath(licenceId: string): string {
  return `${masterAdminPath}/licences/${licenceId}`;
}
