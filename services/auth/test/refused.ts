/** The error a refused call answers: its code, message and the field it names. */
export const refused = (code: string, message: string, field: string) => ({
  code,
  message,
  details: { field },
});
