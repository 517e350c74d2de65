/** transactions: filled by the capability that builds it. */
export const transactions = {
  title: 'Transactions',
};
