/** statement: filled by the capability that builds it. */
export const statement = {
  title: 'Statement',
};
