/** A refused command line, environment or config file; the message is for the person who typed it. */
export class ConfigError extends Error {}
