/** Bar colours of the legs on strike charts (pages brief G4: calls red, puts green). */
export const LEG_COLOURS = Object.freeze({ ce: '#dc3545', pe: '#198754' });
