-- Issue 30: the health page shows each booking system's state per property (its last booking and
-- its last refusal there); the history records the intake writes carry the key as their actor.
create index audit_log_api_key on audit_log (actor_api_key_id, property_id, id desc) where actor_api_key_id is not null;
create index intake_refusals_key on intake_refusals (api_key_id, property_id, id desc);
