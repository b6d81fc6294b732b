/** Sandbox limits shared by forms and the sandbox (the specification recommends 10 MB images, at most 50 per request). */
export const CLASSIFICATION_LIMITS = {
  externalReferenceMaxLength: 255,
  descriptionMaxLength: 4000,
  commentMaxLength: 1000,
  fileNameMaxLength: 255,
  imagesPerRequest: 50,
  imageMaxBytes: 10 * 1024 * 1024,
  searchDefaultLimit: 50,
  searchMaxLimit: 200,
} as const;
