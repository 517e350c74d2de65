/** My cards: activation, PIN, blocks, replacement, renewal and fees, the card’s timeline, and the back office’s card operations (issue 14). */
export const cards = {};
