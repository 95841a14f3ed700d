// SPEC §5 and §9 numbers, one place for both sides.
export const LIMITS = {
  passwordMin: 8,
  /** Calls in one tRPC batch request: the server refuses larger batches (400), the client splits at this size. */
  trpcBatchMax: 16,
  customIndustryMin: 2,
  titleMax: 50,
  descriptionMax: 500,
  aboutMax: 250,
  messageMax: 250,
  /** Chat attachments: images, PDF and Office documents, each at most 10 MB, up to 5 per message. */
  chatAttachmentBytes: 10 * 1024 * 1024,
  chatAttachmentsMax: 5,
  chatPageSize: 30,
  donationPurposeMax: 1000,
  denyReasonMax: 500,
  approverNameMax: 100,
  donationItemCountMin: 1,
  listingPhotosMax: 3,
  listingPhotoBytes: 2 * 1024 * 1024,
  profileImageBytes: 1 * 1024 * 1024,
  csvRowsMax: 500,
  /** Users of one company (removed ones not counted): a manager cannot add the 201st. */
  companyUsersMax: 200,
  csvStatedBytes: 3 * 1024 * 1024,
  csvFormBytes: Math.round(9.5 * 1024 * 1024),
  bulkImageBytes: 3 * 1024 * 1024,
  driverDocumentBytes: 11534336,
  /** Documents in one upload request; one 11 MB document as base64 fills most of a request (jsonBodyBytes). */
  driverDocumentsPerUpload: 10,
  /** Largest JSON request (tRPC and REST): one driver document of 11 MB as base64 with room to spare. */
  jsonBodyBytes: 16 * 1024 * 1024,
  /** A request that carries no file (most of them), and any request before its sender is known to be logged in. */
  plainBodyBytes: 1024 * 1024,
  /** The admin trip calendar reads at most this many days at once (a month view with its padding weeks). */
  tripCalendarDaysMax: 62,
  /** SPEC §9 geolocation: high accuracy, no cached positions, 10 s timeout. */
  geolocationTimeoutMs: 10_000,
  /** SPEC §4: the delivery timer ticks every second. */
  elapsedTickMs: 1000,
  driverPhoneDigitsMin: 8,
  driverPhoneDigitsMax: 15,
  listingPageSize: 12,
  defaultProximityKm: 40,
  proximityOptionsKm: [5, 20, 40] as const,
  recommendationsMax: 4,
  companyStatsPeriods: 4,
  notificationsPageSize: 8,
  defaultPageSize: 20,
  snackbarMs: 3000,
  notificationSnackbarMs: 2000,
  driverSnackbarMs: 5000,
  initialPlanDays: 14,
  extensionPlanDays: 166,
  expiringSoonDays: 30,
  expiresVerySoonDays: 7,
  resetLinkHours: 24,
  /** A colleague's invitation link works this many days. */
  invitationDays: 7,
  earthRadiusKm: 6371,
  distanceStepMinKm: 0.001,
  distanceStepMaxKm: 1,
  /** Complete Delivery farther than this from the drop-off asks the driver to confirm, and the trip records it. */
  completeNearDropoffKm: 1,
  searchCountCap: 300,
  /** SPEC §9: a code chunk still missing after this long counts as failed (the page offers a retry). */
  chunkLoadTimeoutMs: 120_000,
} as const;
