/** Card top-ups, card transactions and the card statement (issue 14). */
export const cardMoney = {};
