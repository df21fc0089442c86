/** The version of the License Agreement and Privacy Policy a user accepts at sign-up (both dated 01-09-24). */
export const currentTermsVersion = "2024-09-01";
