/** Where a user answers the requests to join a licence made to them (ADR 036); e-mails link here. */
export const requestsToJoinPath = "/account-management/licence-requests";

/** Where someone who has just joined a licence lands: the delegate's tour (product §2.16). */
export const afterJoiningPath = "/drug-tariff-parts/partviiia?delegateSuccess=true";
