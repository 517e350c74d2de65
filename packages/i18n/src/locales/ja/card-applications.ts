/** The card application with the cardholder’s KYC, cardholders’ KYC at the processor (kycManage) and the back office’s review of applications (issue 14). */
export const cardApplications = {};
