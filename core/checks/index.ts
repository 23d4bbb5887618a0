export {
  type AlertDecision,
  type AlertEvent,
  type AlertEventKind,
  AlertRule,
  DEFAULT_ALERT_RULE,
  EMPTY_WATCH_ALERT_STATE,
  type HoldReason,
  type KnownAvailability,
  type Observation,
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
} from "./decide-alerts.ts";
export { type CheckFailureKind, describeFailure, formatWait } from "./describe-failure.ts";
export {
  describeRuleStatusAtCreation,
  plainMoney,
  type RuleStatusAtCreation,
} from "./describe-rule-status.ts";
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
