export {
  ALERT_RULE_KINDS,
  type AlertDecision,
  type AlertEvent,
  type AlertEventKind,
  AlertRule,
  type AlertRuleKind,
  DEFAULT_ALERT_RULE,
  DropPercent,
  EMPTY_WATCH_ALERT_STATE,
  type HoldReason,
  type KnownAvailability,
  MAX_DROP_PERCENT,
  MIN_DROP_PERCENT,
  type Observation,
  type RuleColumns,
  ruleFromColumns,
  ruleMoney,
  ruleToColumns,
  UnreadableRuleError,
  type WatchAlertState,
} from "./alert-rule.ts";
export {
  createWatchState,
  type DecideAlertsInput,
  decideAlerts,
  isThresholdMet,
  percentChange,
  percentDropLevel,
  STOCK_FLAP_WINDOW_MS,
  stateForNewRule,
} from "./decide-alerts.ts";
export { type CheckFailureKind, describeFailure, formatWait } from "./describe-failure.ts";
export {
  describeRuleStatusAtCreation,
  type RuleStatusAtCreation,
} from "./describe-rule-status.ts";
export { factsFromExtraction, type ObservedFacts } from "./observed-facts.ts";
export {
  BACKOFF_JITTER_FRACTION,
  backoffAfterFailure,
  type CheckHealth,
  HEALTHY,
  healthAfterCheck,
  MAX_RETRY_AFTER_MS,
  nextCheckAt,
  type RandomSource,
  shouldNotifyUnreachable,
  spreadOverdue,
} from "./schedule.ts";
