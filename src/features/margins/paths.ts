/** The margin check's page (ADR 130), and one upload on it. */
export const marginCheckPath = "/margin-check";

export const marginUploadPath = (uploadId: string) =>
  `${marginCheckPath}?upload=${encodeURIComponent(uploadId)}`;
