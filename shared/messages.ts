// Every user-facing message the server produces (errors, field errors, notifications, mail) is a code plus
// parameters, defined once here with its English text. The client renders codes through Lingui in en, dk
// and my (client/src/lib/message-catalog.ts is generated from this table by scripts/messages.ts); the server
// renders English for REST answers and the reader's language for mail (server/lib/i18n.ts).
// Placeholders are `{name}`; parameters are strings or numbers. Texts follow ICU MessageFormat rules, so a
// literal brace or an apostrophe before a brace must not appear.
import type { ErrorCode } from './errors';

export const MESSAGES = {
  // ---- errors: one per ErrorCode (SPEC §8 wording where SPEC has one) ----
  'error.BAD_REQUEST': 'The request could not be understood.',
  'error.VALIDATION': 'Some fields are not valid.',
  'error.UNAUTHENTICATED': 'Please log in to continue.',
  'error.SESSION_EXPIRED': 'Your session has expired. Please log back in.',
  'error.FORBIDDEN': 'You do not have permission to do that.',
  'error.NOT_FOUND': 'Not found.',
  'error.CONFLICT': 'This conflicts with the current state.',
  'error.NOT_ENOUGH_STOCK': 'Not enough of this listing is still available: accepted offers reserve the rest.',
  'error.TOO_MANY_REQUESTS': 'Too many attempts. Please wait and try again.',
  'error.PAYLOAD_TOO_LARGE': 'The file is too large.',
  'error.UNSUPPORTED_MEDIA_TYPE': 'This file type is not supported.',
  'error.INVALID_CREDENTIALS': 'The username or password you entered is incorrect',
  'error.ACCOUNT_PENDING': 'Your registration is awaiting approval by an administrator.',
  'error.ACCOUNT_REJECTED': 'Your registration was not approved.',
  'error.ACCOUNT_DISABLED': 'This account has been disabled. Please contact the administrator.',
  'error.EMAIL_TAKEN': 'An account with this email already exists.',
  'error.DRIVER_INVALID_CREDENTIALS': 'Invalid email or phone number. Please verify your credentials.',
  'error.PASSWORD_UPDATE_FAILED': 'Could not update password',
  'error.USERNAME_NOT_FOUND': 'Username does not exist.',
  'error.RESET_TOKEN_INVALID': 'This reset link is invalid or has expired.',
  'error.INVITATION_GONE': 'This invitation link can no longer be used.',
  'error.BULK_UPLOAD_FAILED':
    'An error occurred while uploading your file. Please try again. If the issue persists, contact our support team at {email} for assistance.',
  'error.BULK_ACCESS_REQUIRED': 'Bulk upload needs access granted by an administrator. Please request access first.',
  'error.CSV_TOO_MANY_ROWS': 'The file has more than 500 rows. Split it into files of at most 500 rows.',
  'error.CSV_INVALID_ROWS': 'Some rows have errors; nothing was imported. Fix the rows listed and upload the file again.',
  'error.INTERNAL': 'Something went wrong. Please try again.',

  'request.invalidJson': 'The request body is not valid JSON.',

  // ---- any field (derived from the kind of validation issue when a schema names no message) ----
  'field.required': 'This field is required',
  'field.invalid': 'This value is not valid',
  'field.tooLong': 'This text is too long (at most {max} characters)',
  'field.tooShort': 'This text is too short (at least {min} characters)',
  'field.tooLarge': 'Enter at most {max}',
  'field.tooSmall': 'Enter at least {min}',
  'field.tooMany': 'Choose at most {max}',
  'field.tooFew': 'Choose at least {min}',
  'field.invalidEmail': 'Invalid email address',
  'field.invalidUrl': 'Enter a valid web address',
  'field.invalidFormat': 'This value does not have the expected format',
  'field.invalidChoice': 'Choose one of the options',
  'field.invalidDate': 'Enter a date as YYYY-MM-DD',
  'field.wholeNumber': 'Enter a whole number',
  'field.unknownKeys': 'Unknown fields: {keys}',
  'field.invalidCharacters': 'This text contains characters that cannot be stored (control characters)',

  // ---- accounts ----
  'auth.invalidDriverPhone': 'Invalid phone number (8-15 digits)',
  'auth.passwordTooShort': 'Password must be at least {min} characters',
  'auth.passwordsDoNotMatch': 'Passwords do not match',
  'auth.currentPasswordWrong': 'The current password is incorrect',
  'registration.publicEmail': 'Please use your company email address (no public email providers).',
  'registration.invalidLocation': 'Invalid Location, please select address either from map or the dropdown!',
  'registration.customIndustryTooShort': 'Please describe your industry in at least {min} characters',
  'registration.unsupportedCountry': 'Registration is open to companies in {countries}',
  'registration.atLeastOneCategory': 'Select at least 1 category',
  'registration.feeConsent': 'Please accept the annual membership fee to register',
  'registration.invalidPhone': 'Enter a valid phone number',
  'registration.invalidCallingCode': 'Enter a calling code such as +45',
  'registration.invalidCurrency': 'Choose a currency',
  'registration.unknownCategory': 'Unknown category',
  'registration.reasonRequired': 'A reason is required to reject a registration',
  'registration.alreadyAccepted': 'This registration has already been accepted.',
  'registration.alreadyRejected': 'This registration has already been rejected.',

  // ---- company workspace: company save (SPEC §5), company users (SPEC §6 MANAGER), profiles ----
  'company.atLeastOneAddress': 'Add at least one address',
  'company.addressNotOwned': 'This address does not belong to the company',
  'company.addressInUse': 'Active listings use this address ({count}). Move them to another address before removing it.',
  'company.ownParent': 'A company cannot be its own parent company',
  'company.notParentCompany': 'This company is not a parent company',
  'company.portfolioNeedsParent': 'Only a parent company has portfolio companies',
  'company.parentInPortfolio': 'A parent company cannot be one of its own portfolio companies',
  'profile.imageTooLarge': 'The picture must be at most {mb} MB',
  'profile.imageUnreadable': 'Choose a JPEG, PNG, GIF or WebP picture',
  'user.cannotDeleteSelf': 'You cannot delete your own account',
  'user.lastManager': 'A company needs at least one manager. Make another user a manager first.',
  'user.companyFull': 'A company can have at most {max} users. Remove a user who no longer needs access before adding another.',
  'user.cannotChangeOwnRole': 'You cannot change your own role',
  'user.useOwnProfile': 'Change your own email and password on your personal info page',
  'user.credentialsRequired': 'Enter a new email or a new password',
  'user.notRequester': 'The request must be made by the signed-in user',
  'user.adminRoleFixed': 'The role of an administrator account cannot be changed here',
  'user.cannotDisableSelf': 'You cannot disable your own account',

  // ---- subscriptions ----
  'subscription.endAfterStart': 'The end date must be after the start date',
  'subscription.endNotBeforeStart': 'The end date must not be before the start date',
  'subscription.builtinDates': 'Built-in plans have a fixed length; their dates cannot be set',
  'subscription.builtinDelete': 'Built-in plans cannot be deleted',
  'subscription.planInUse': 'This plan is assigned to companies; deactivate it instead',
  'subscription.planInactive': 'This plan is not active',
  'subscription.unknownPlan': 'Unknown subscription plan',
  'subscription.planEnded': 'This plan has already ended',
  'subscription.planEndsBeforeCurrent': 'This plan ends before the current subscription does',

  // ---- listings ----
  'listing.titleTooLong': 'Title must be at most {max} characters',
  'listing.descriptionTooLong': 'Description must be at most {max} characters',
  'listing.quantityNotInteger': 'Quantity must be a whole number',
  'listing.quantityNegative': 'Quantity cannot be negative',
  'listing.tooManyPhotos': 'You can add up to {max} photos',
  'listing.photoTooLarge': 'Each photo must be at most {mb} MB',
  'listing.photoUnreadable': 'The photo could not be read',
  'listing.photoNotOwned': 'This photo does not belong to the listing',
  'listing.unknownGroup': 'Unknown material group',
  'listing.unknownSubcategory': 'Unknown material group or subcategory',
  'listing.groupMismatch': 'This does not belong to the chosen material group',
  'listing.chooseOwnAddress': 'Choose one of your company addresses',
  'listing.addAddressFirst': 'Add a company address first',
  'listing.unknownSdg': 'Unknown SDG goal {id}',
  'listing.kindFixed': 'A listing cannot change between offering and donation',
  'listing.quantityBelowReserved': 'Accepted offers reserve {reserved} of this listing: list at least that much',
  'listing.subListingReserved': 'Offers name the sub-listing “{title}”: answer them before you remove it',
  'listing.subListingBelowReserved': 'Accepted offers reserve {reserved} of “{title}”: keep at least that much',
  'listing.donationOwnFlow': 'Donations are created and changed on the donations tab, where an administrator approves them.',
  'listing.notPossibleWhenActive': 'This is not possible for an active listing.',
  'listing.notPossibleWhenArchived': 'This is not possible for an archived listing.',
  'listing.notPossibleWhenDeactivated': 'This is not possible for a deactivated listing.',
  // ---- needs (wanted listings) and saved searches ----
  'need.untilPast': 'Choose today or a later day',
  'need.addAddressFirst': 'Add a company address first: a need is measured from it',
  'need.closed': 'This need is no longer open',
  'need.ownNeed': 'This is your own company’s need',
  'need.chooseOwnListing': 'Choose one of your company’s active listings',
  'need.alreadyAnswered': 'This listing already answers the need',
  'savedSearch.tooMany': 'You can keep at most {max} saved searches. Delete one first.',
  'bulk.oneFile': 'Upload exactly one CSV file.',
  'bulk.rowWidth': 'This row has {cells} cells; the header has {header}',
  'bulk.unknownGroupCode': 'Unknown material group code “{value}”. See the list of material group codes',
  'bulk.unknownGroupCodeClosest': 'Unknown material group code “{value}”. Closest codes: {closest}',
  'bulk.invalidCategory': 'Unknown category “{value}”. Use one of: {allowed}',
  'bulk.invalidFrequency': 'Unknown frequency “{value}”. Use one of: {allowed}',
  'bulk.invalidSdg': 'Unknown SDG “{value}”. Use goal numbers from 1 to 17 separated by semicolons, e.g. 2;12',
  'bulk.invalidQuantity': 'Quantity must be a whole number of 0 or more, e.g. 1200 (not “{value}”)',
  'bulk.emptyCell': 'The {column} cell is empty; every row needs one',
  'bulk.cellTooLong': 'This cell is longer than {max} characters; the file was not read further',
  'bulk.alreadyGranted': 'This request is already granted.',
  'bulk.alreadyDenied': 'This request is already denied.',

  // ---- offers, synergies, chat ----
  'offer.ownListing': 'You cannot make an offer on your own company’s listing.',
  'offer.listingNotActive': 'This listing is not active, so it takes no offers.',
  'offer.quantityTooSmall': 'Ask for at least 1',
  'offer.quantityAboveListing': 'Ask for at most {max}, the quantity listed',
  'offer.alreadyPending': 'Your company already has a pending offer on this listing. Change that offer instead.',
  'offer.alreadyAccepted': 'This offer has already been accepted.',
  'offer.alreadyRejected': 'This offer has already been declined.',
  'offer.alreadyWithdrawn': 'This offer has been withdrawn.',
  'offer.nothingToChange': 'Change the quantity or the message.',
  'offer.quantityAboveAvailable': 'Ask for at most {available}: accepted offers reserve the rest of this listing',
  'offer.acceptAboveAvailable':
    'This offer asks for {quantity}, but only {available} is still available: accepted offers reserve the rest. Ask the company to lower its offer, or decline it.',
  'offer.priceInvalid': 'Enter a price such as 12.50',
  'offer.priceNegative': 'The price cannot be negative',
  'offer.notYourTurn': 'It is the other company’s turn to answer this offer.',
  'offer.tooManyRounds': 'This offer has had {max} rounds already: accept it, or decline or withdraw it.',
  'offer.counterUnchanged': 'Change the quantity or the price to counter.',
  'invitation.expired': 'This invitation has expired. Ask your manager to send a new one.',
  'invitation.used': 'This invitation has already been used. Log in with the password you chose.',
  'invitation.revoked': 'This invitation was withdrawn by your company’s manager.',
  'invitation.notOpen': 'Only an open invitation can be withdrawn.',
  'user.passwordNotByManager': 'Only the user sets their password. An administrator can send them a reset link.',
  'user.useInvitation': 'Invite colleagues by e-mail: they choose their own password.',
  'offer.unknownSubListing': 'This sub-listing is not part of the listing',
  'exchange.onlyCompleted': 'A synergy can only be set to COMPLETED.',
  'exchange.alreadyCompleted': 'This synergy has already ended.',
  'exchange.notCompleted': 'A synergy can be rated once it has ended.',
  'exchange.alreadyRated': 'Your company has already rated this synergy.',
  'exchange.ratingRange': 'Choose 1 to 5 stars',
  'exchange.moneyInvalid': 'Enter an amount such as 1250.50',
  'exchange.moneyNegative': 'The amount cannot be negative',
  'stats.fromAfterTo': 'The start date must not be after the end date',
  'stats.invalidCode': 'This is not a certificate code',
  'stats.notParentCompany': 'Only a parent company has portfolio companies.',
  'stats.rangeTooLong': 'Choose a period of at most {months} months',
  'impact.unknownDefraMaterial': 'Choose a material from the DESNZ/Defra 2023 factors',
  'impact.unknownRoute': 'Choose a disposal route: Landfill, Anaerobic digestion, Composting, Combustion, Open-loop or Closed-loop',
  'impact.routeNotPublished': 'DESNZ/Defra 2023 publishes no {route} factor for {material}',
  'impact.materialRequired': 'Choose the Defra material this counts as',
  'impact.routeRequired': 'Choose the disposal route it would otherwise take',
  'impact.noCo2eForKind': 'Knowledge and space count no CO2e: their basis is none',
  'impact.groupKeepsMapping': 'A material group always has a mapping: change it instead of removing it',
  'chat.readOnly': 'This synergy has ended, so its chat is read-only.',
  'chat.attachmentTooLarge': 'Each attachment must be at most {mb} MB',
  'chat.attachmentUnreadable': 'The file could not be read',
  'chat.attachmentType': 'Attach images, PDF or Office documents only',
  'chat.tooManyAttachments': 'Attach at most {max} files to one message',

  // ---- donations (SPEC §5 "Donations", §8) ----
  'donation.purposeTooLong': 'Purpose must be at most {max} characters',
  'donation.itemCountWhole': 'Item count must be a whole number',
  'donation.itemCountMin': 'Item count must be at least {min}',
  'donation.quantityInvalid': 'Enter the quantity in kg, such as 12.5',
  'donation.quantityNegative': 'Quantity cannot be negative',
  'donation.valueInvalid': 'Enter an amount such as 1250.50',
  'donation.valueNegative': 'Value cannot be negative',
  'donation.boxesWhole': 'Boxes must be a whole number',
  'donation.boxesNegative': 'Boxes cannot be negative',
  'donation.approverTooLong': 'Approver name must be at most {max} characters',
  'donation.reasonTooLong': 'Reason must be at most {max} characters',
  'donation.unknownTag': 'Unknown donation tag',
  'donation.alreadyApproved': 'This donation has already been approved.',
  'donation.alreadyDenied': 'This donation has already been denied.',
  'donation.alreadyHandedOver': 'This donation has already been handed over.',
  'donation.editApproved': 'This donation is approved, so it can no longer be edited.',
  'donation.editHandedOver': 'This donation has been handed over, so it can no longer be edited.',
  'donation.qrNotApproved': 'A donation gets its QR code once an administrator approves it.',
  'donation.unknownCode': 'This code does not match any donation.',
  'donation.tagNameTaken': 'A donation tag with this name already exists.',
  'donation.tagInUse': 'Donations use this tag; rename it instead of deleting it.',
  'donation.dashboardAccess': 'The donations dashboard needs donations dashboard access. Ask an administrator for it.',

  // ---- logistics: drivers, vehicles, trips (SPEC §8 driver messages) ----
  'driver.emailTaken': 'A driver with this email already exists.',
  'driver.hasOpenTrips': 'This driver has trips that are not completed. Reassign or cancel them first.',
  'vehicle.numberTaken': 'A vehicle with this number already exists.',
  'vehicle.hasOpenTrips': 'This vehicle is booked for trips that are not completed. Reassign or cancel them first.',
  'trip.driverOverlap': 'Driver {driver} already has trip #{trip} (“{title}”) on {date}, {time}–{until}. Choose another time or driver.',
  'trip.vehicleOverlap':
    'Vehicle {vehicle} is already booked for trip #{trip} (“{title}”) on {date}, {time}–{until}. Choose another time or vehicle.',
  'trip.invalidTime': 'Enter a time as HH:MM (24-hour clock)',
  'trip.rangeTooLong': 'Choose at most {days} days',
  'trip.rangeOrder': 'The end date must not be before the start date',
  'trip.invalidLatitude': 'Latitude must be between -90 and 90',
  'trip.invalidLongitude': 'Longitude must be between -180 and 180',
  'trip.documentTooLarge': 'File exceeds the 11MB limit',
  'trip.documentUnreadable': 'The file could not be read',
  'trip.documentType': 'Unsupported file type. Use JPEG, PNG, GIF, PDF, Word or Excel files.',
  'trip.tooManyDocuments': 'Upload at most {max} files at once',
  'trip.wrongOrder':
    'This trip is {status}, so it cannot change to {target}. A trip goes ASSIGNED, ON_ROUTE, ARRIVED, delivery, COMPLETED, one step at a time.',
  'trip.deliveryNotStarted': 'Begin the delivery before completing it.',
  'trip.deliveryAlreadyStarted': 'The delivery of this trip has already started.',
  'trip.onlyAdminCancels': 'Only an administrator can cancel a trip.',
  'trip.closed': 'This trip is {status} and can no longer be changed.',
  'trip.notEditable': 'A trip can be reassigned or rescheduled only before it starts. Cancel it instead.',
  'trip.driverBusy': 'This driver already has a trip on the way. Complete it first.',
  'trip.hazardousNeedsNote': 'This trip carries hazardous waste. Attach the waste transfer note before starting the trip.',
  'trip.synergyEnded': 'This synergy has ended, so no pickup can be scheduled for it.',
  'trip.unknownSynergy': 'Unknown synergy',
  'trip.unknownDriver': 'Unknown driver',
  'trip.unknownVehicle': 'Unknown vehicle',
  'trip.unknownMaterial': 'This listing is not part of the synergy',
  'trip.durationTooLong': 'The delivery has lasted {max} minutes so far',
  'trip.farFromDropoff': 'You are {km} km from the drop-off. Complete the delivery here anyway?',
  'route.unavailable': 'Unable to calculate route',
  'route.denied': 'Directions API not enabled',
  'route.noRoute': 'No route found between locations',

  // ---- categories (material groups and subcategories), help queries, newsletter ----
  'category.inUse': 'Listings using it: {count}. Move them to another category first.',
  'category.kindInUse': 'Listings using this group: {count}. Its kind cannot change while listings use it.',
  'category.nameTaken': 'A material group with this name already exists',
  'category.codeFormat': 'Use capital letters, digits, dots and hyphens',
  'category.codeTaken': 'The code {code} is already in use here',
  'category.codeOutsideParent': 'A code here starts with {prefix}',
  'category.ewcMove': 'The EWC entry {code} keeps its code, so it can only move under a parent coded {prefix}',
  'category.ewcCodeFixed': 'EWC codes are a legal classification and cannot change',
  'category.unknownParent': 'Unknown parent category',
  'category.unknownDefraMaterial': 'Choose a material from the Defra 2023 factors',
  'category.noDefraForKind': 'Knowledge and space groups count no CO2e, so they map to no Defra material',
  'query.alreadyAnswered': 'This query has already been answered.',
  'jobs.notFailed': 'Only a failed job can be retried: this one is waiting, running or done.',
  'mail.notFailed': 'Only a mail whose sending failed can be sent again.',
  'newsletter.invalidToken': 'This unsubscribe link is not valid.',
  'integration.httpsOnly': 'Use an https:// address',
  'integration.privateAddress': 'This address is on a private, loopback or link-local network and cannot receive webhooks',
  'integration.keyForbidden': 'An API key cannot do this: log in as a person',
  'integration.readOnlyKey': 'This API key may only read',
  'integration.deliveryPending': 'This delivery is already waiting to be sent.',
  'integration.endpointDisabled': 'This webhook is disabled. Register it again to receive events.',

  // ---- notifications ----
  /** Notifications stored before codes existed keep their English text. */
  'notification.text': '{text}',
  'notification.newListing': 'New listing in {group}: “{title}”',
  'notification.webhookDisabled': 'Webhook to {url} disabled: its deliveries failed for 3 days',
  'notification.newListingsDigest': 'New listings in groups you follow: {count} from {company}',
  'notification.needMatched': 'A new listing matches your need “{need}”: “{title}” from {company}',
  'notification.needAnswered': '{company} answered your need “{need}” with “{title}”',
  'notification.offerReceived': '{company} made an offer on “{title}”.',
  'notification.offerUpdated': '{company} changed its offer on “{title}”.',
  'notification.offerWithdrawn': '{company} withdrew its offer on “{title}”.',
  'notification.offerAccepted': '{company} accepted your offer on “{title}”. Your synergy has started.',
  'notification.offerCountered': '{company} countered the offer on “{title}”. It is your turn.',
  'notification.counterAccepted': '{company} accepted your counter-offer on “{title}”. Your synergy has started.',
  'notification.offerRejected': '{company} declined your offer on “{title}”.',
  'notification.synergySucceeded': '{company} ended your synergy on “{title}” as successful. Rate it now.',
  'notification.synergyFailed': '{company} ended your synergy on “{title}” as unsuccessful.',
  'notification.synergyRated': '{company} rated your synergy on “{title}” {rating} of 5.',
  'notification.donationApproved': 'Your donation “{title}” was approved by {approver}. Print its QR code for the hand-over.',
  'notification.donationDenied': 'Your donation “{title}” was denied: {reason}',
  'notification.donationHandedOver': 'Your donation “{title}” was handed over.',
  'notification.tripScheduled': 'Pickup for “{title}” scheduled on {date} at {time}, driver {driver}.',
  'notification.tripChanged': 'Pickup for “{title}” changed: now on {date} at {time}, driver {driver}.',
  'notification.tripStarted': 'Driver {driver} is on the way to the pickup for “{title}”.',
  'notification.tripDelivered': 'The delivery for “{title}” is complete.',
  'notification.tripCancelled': 'The pickup for “{title}” on {date} at {time} was cancelled.',

  // ---- impact certificate (PDF, in the reader's language) ----
  'certificate.title': 'Impact certificate',
  'certificate.intro':
    'This certifies that the synergy below ended successfully on the Synergy Marketplace and that its impact was recorded once, when it ended, with the factors shown.',
  'certificate.provider': 'Providing company',
  'certificate.receiver': 'Receiving company',
  'certificate.material': 'Material',
  'certificate.defraMaterial': 'Defra material',
  'certificate.quantity': 'Quantity',
  'certificate.hours': '{hours} hours',
  'certificate.completed': 'Ended on',
  'certificate.co2e': 'CO2e avoided',
  'certificate.noCo2e': 'None: knowledge and space exchanges count no CO2e',
  'certificate.factorSet': 'Factor set',
  'certificate.method': 'How it is computed',
  'certificate.formula':
    'Like for like: kg CO2e = kg / 1000 x [(disposal by the route it would otherwise take - re-use disposal, never below 0) + (primary material production - re-used, else closed-loop source)]. Disposal avoided only: kg / 1000 x (that route - re-use disposal, never below 0). Factors in kg CO2e per tonne; a factor Defra does not publish counts as 0.',
  'certificate.basis': 'Basis',
  'certificate.route': 'Counterfactual route',
  'certificate.mapping': 'Mapping used',
  'impact.basis.like_for_like': 'Like for like: the same material re-used as such, so its new production is avoided too',
  'impact.basis.disposal_only': 'Disposal avoided only: no like-for-like material',
  'impact.basis.none': 'No CO2e: knowledge and space move no material',
  'impact.route.landfill': 'Would otherwise go to landfill',
  'impact.route.anaerobic_digestion': 'Would otherwise go to anaerobic digestion',
  'impact.route.composting': 'Would otherwise be composted',
  'impact.route.combustion': 'Would otherwise be burnt (combustion)',
  'impact.route.open_loop': 'Would otherwise be recycled into another product (open loop)',
  'impact.route.closed_loop': 'Would otherwise be recycled into the same material (closed loop)',
  'impact.level.group': 'Material group {code} {name}',
  'impact.level.first': 'First level {code} {name}',
  'impact.level.second': 'Second level {code} {name}',
  'impact.level.third': 'Third level {code} {name}',
  'certificate.factorsUsed': 'Factors used (kg CO2e per tonne)',
  'certificate.verify': 'Scan the code or open the address below to check this certificate against the marketplace record.',
  'certificate.code': 'Certificate code',
  'certificate.credit': 'Contains UK Government GHG Conversion Factors 2023 (DESNZ/Defra), Open Government Licence v3.0.',

  // ---- mail (subject and body; the body ends with mail.signature) ----
  'mail.signature': 'The Synergy Marketplace team',
  'mail.registrationReceived.subject': 'We have received your registration',
  'mail.registrationReceived.body':
    'Hello {first_name},\n\nThank you for registering {company_name}. An administrator will review your registration, and we will write to you as soon as it has been approved.',
  'mail.registrationApproved.subject': 'Your registration has been approved',
  'mail.registrationApproved.body': 'Hello {first_name},\n\nGood news: {company_name} has been approved. You can log in now at {login_url}.',
  'mail.registrationRejected.subject': 'Your registration was not approved',
  'mail.registrationRejected.body':
    'Hello {first_name},\n\nWe are sorry, but the registration of {company_name} was not approved.\n\nReason: {reason}\n\nIf you have questions, reply to this message.',
  'mail.activity.subject': 'Synergy Marketplace: {summary}',
  'mail.activity.body':
    'Hello {first_name},\n\n{summary}\n\nOpen it here: {url}\n\nYou receive these mails because activity mails are on in your profile.',
  'mail.listingDigest.subject': 'Synergy Marketplace: {summary}',
  'mail.listingDigest.body':
    'Hello {first_name},\n\n{summary}\n\nSee them on the marketplace: {url}\n\nYou receive these mails because new-listing mails are on in your profile.',
  'mail.savedSearch.subject': 'New listings for your saved search “{name}”',
  'mail.savedSearch.body':
    'Hello {first_name},\n\n{count} new listings match your saved search “{name}”:\n\n{listings}\n\nSee them all on the marketplace: {url}\n\nYou receive this mail because you asked for news of this search; turn it off on the database page.',
  'mail.donationApproved.subject': 'Your donation “{title}” was approved',
  'mail.donationApproved.body':
    'Hello {first_name},\n\nThe donation “{title}” of {company_name} was approved by {approver_name}.\n\nPrint its QR code and hand it over with the goods; the recipient confirms the hand-over by scanning it. Open the donation here: {url}',
  'mail.donationDenied.subject': 'Your donation “{title}” was denied',
  'mail.donationDenied.body':
    'Hello {first_name},\n\nThe donation “{title}” of {company_name} was denied.\n\nReason: {reason}\n\nYou can edit the donation and send it again: {url}',
  'mail.queryAnswer.subject': 'Re: {subject}',
  'mail.queryAnswer.body': 'Hello {name},\n\n{answer}\n\nYour message of {sent_at} (UTC):\n{question}',
  'mail.newsletterDigest.subject': 'Synergy Marketplace: new listings in the week of {week}',
  'mail.newsletterDigest.body':
    'Hello,\n\nNew listings in the week of {week}: {count}. The newest:\n\n{listings}\n\nSee them all: {url}\n\nYou receive this weekly digest because this address subscribed on the Synergy Marketplace. Unsubscribe with one click: {unsubscribe_url}',
  'mail.invitation.subject': 'Join {company_name} on the Synergy Marketplace',
  'mail.invitation.body':
    'Hello,\n\n{inviter_name} invites you to join {company_name} on the Synergy Marketplace.\n\nChoose your name and password here:\n{url}\n\nThe link works once and expires at {expires_at} (UTC).',
  'mail.passwordResetLink.subject': 'Reset your password',
  'mail.passwordResetLink.body':
    'Hello {first_name},\n\nAn administrator has created a link for you to choose a new password:\n{url}\n\nThe link works once and expires at {expires_at} (UTC).',
} as const satisfies Record<string, string> & { [K in `error.${ErrorCode}`]: string }; // every error code has its text

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;
export interface Message {
  code: MessageCode;
  params?: MessageParams;
}

export const MESSAGE_CODES = Object.keys(MESSAGES) as MessageCode[];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** The message of an error code, for errors that carry no more specific one. */
export const errorMessage = (code: ErrorCode): Message => ({ code: `error.${code}` });

/** English text of a message (REST answers, logs). Unknown parameters stay as their placeholder. */
export function formatMessage(message: Message): string {
  const params = message.params ?? {};
  return MESSAGES[message.code].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * A message as one string, for the places that only carry strings (zod issue messages, form errors):
 * `code` or `code?name=value&...`. decodeMessage reads it back.
 */
export function encodeMessage(message: Message): string {
  const entries = Object.entries(message.params ?? {});
  if (entries.length === 0) return message.code;
  return `${message.code}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

/** Shorthand for schemas: `m('listing.titleTooLong', { max: 50 })`. */
export const m = (code: MessageCode, params?: MessageParams): string => encodeMessage({ code, params });

/** The message an encoded string names, or null when it is not one (plain text, unknown code). */
export function decodeMessage(text: string | undefined | null): Message | null {
  if (!text) return null;
  const at = text.indexOf('?');
  const code = at === -1 ? text : text.slice(0, at);
  if (!isMessageCode(code)) return null;
  if (at === -1) return { code };
  const params: MessageParams = {};
  for (const [k, v] of new URLSearchParams(text.slice(at + 1))) params[k] = v !== '' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  return { code, params };
}

/** The subset of a zod issue the mapping reads (raw issues carry the input; reported ones may not). */
export interface IssueLike {
  code?: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: string[];
  message?: string;
}

const num = (v: number | bigint | undefined) => (typeof v === 'bigint' ? Number(v) : (v ?? 0));

/** The message for a validation issue whose schema names none, from the kind of issue alone. */
export function messageFromIssue(issue: IssueLike): Message {
  const collection = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { code: 'field.required' };
      if (issue.expected === 'int' && typeof issue.input === 'number') return { code: 'field.wholeNumber' };
      return { code: 'field.invalid' };
    case 'too_small':
      if (num(issue.minimum) <= 1 && (issue.origin === 'string' || collection)) return { code: 'field.required' };
      if (issue.origin === 'string') return { code: 'field.tooShort', params: { min: num(issue.minimum) } };
      if (collection) return { code: 'field.tooFew', params: { min: num(issue.minimum) } };
      return { code: 'field.tooSmall', params: { min: num(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'field.tooLong', params: { max: num(issue.maximum) } };
      if (collection) return { code: 'field.tooMany', params: { max: num(issue.maximum) } };
      return { code: 'field.tooLarge', params: { max: num(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'field.invalidEmail' };
      if (issue.format === 'url') return { code: 'field.invalidUrl' };
      return { code: 'field.invalidFormat' };
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null || issue.input === '') return { code: 'field.required' };
      return { code: 'field.invalidChoice' };
    case 'unrecognized_keys':
      return { code: 'field.unknownKeys', params: { keys: (issue.keys ?? []).join(', ') } };
    default:
      return { code: 'field.invalid' };
  }
}

/** A reported issue's message: the code its schema named (or the global error map chose), else derived. */
export function messageOfIssue(issue: IssueLike): Message {
  return decodeMessage(issue.message) ?? messageFromIssue(issue);
}
