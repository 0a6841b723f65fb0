export { refuseProductionMode } from './development-only.ts';
export {
  flag,
  integer,
  integerWithDefault,
  type LogLevel,
  logLevel,
  logLevels,
  optionalHttpUrl,
  optionalText,
  port,
  type RunMode,
  runMode,
  textWithDefault,
  variable,
} from './fields.ts';
export { ConfigurationError, parseEnvironment } from './parse-environment.ts';
export { readTlsFiles, type TlsCredentials } from './tls-files.ts';
export {
  defaultValue,
  type ProductionGroup,
  type Reader,
  type Variable,
  type VariableName,
  variables,
} from './variables.ts';
