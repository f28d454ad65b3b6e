/** Two registers that say different things about one entry (or area, or stop). Shown, never resolved quietly. */
export interface RegisterConflict {
  /** The entry id (or `area:<id>`, `stop:<release>`) concerned. */
  subject: string;
  /** The registers involved: "the built-in register" or a folder as given. */
  registers: string[];
  /** What differs and what is shown. */
  message: string;
}
