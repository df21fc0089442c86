/** The owner's import console, among the owner's pages (ADR 116). */
export const importConsolePath = "/user-master-management/imports";

/** Where the console uploads files to. */
export const importUploadPath = "/api/owner/imports";
