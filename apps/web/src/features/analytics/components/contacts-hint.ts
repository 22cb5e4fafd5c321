/**
 * What the Contacts figure counts (decision 072): a buyer who started a chat about the ad or revealed its phone
 * number, once a day. The seller sees their phone reveals here (issue 27).
 */
export const CONTACTS_HINT = "Chats started and phone numbers revealed";
