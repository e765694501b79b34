// Apart from deliver.ts, so that a reader of the codes (the artifact list) does not carry the
// delivery rules' size limits: a module-level `10 * MIB` is an expression bundlers keep.

/** A failure with no reason given. Its own export: a reader of one code carries only it. */
export const FAILED_REASON = 'delivery_failed';

/** The kit's own code (never sent to the model): listed on a channel that delivers nothing. */
export const NOT_AVAILABLE_REASON = 'not_available_for_channel';

/** The reason codes the delivery rules write. */
export const DELIVERY_REASONS = {
  noDeliver: 'delivery_skipped_missing_runtime_target_or_credentials',
  noNativeUpload: 'delivery_skipped_native_file_upload_not_available',
  imageTooLarge: 'upload_image_failed:image_too_large_over_10mb',
  fileTooLarge: 'upload_file_failed:file_too_large_over_30mb',
  failed: FAILED_REASON,
  notAvailable: NOT_AVAILABLE_REASON,
} as const;
