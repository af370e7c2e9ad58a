// Chest, team, user, organisation and transfer forms of the admin area (spec section 5).
import { CHEST_NAME_MAX, TEAM_NAME_MAX } from '../constants/length-constants.js';
import { FIELD_LABELS } from './field-labels.js';
import { type FormRules, isBlank, validateForm } from './form-rules.js';
import { PICK_ADMINISTRATOR_MESSAGE, SELECT_CHESTS_MESSAGE, SELECT_TEAM_MESSAGE } from './messages.js';
import { buildResult, type ValidationResult } from './validation-result.js';

const CHEST_RULES: FormRules = {
  chestName: { label: FIELD_LABELS.chestName, required: true, max: CHEST_NAME_MAX },
  firstTeam: { label: FIELD_LABELS.firstTeam, required: true, requiredMessage: SELECT_TEAM_MESSAGE },
};

/** Validates the chest form; `firstTeam` is a team id or a list of them. */
export function validateChest(values: {
  chestName?: string;
  firstTeam?: string | readonly string[];
}): ValidationResult {
  return validateForm(values, CHEST_RULES);
}

const TEAM_RULES: FormRules = {
  teamName: { label: FIELD_LABELS.teamName, required: true, max: TEAM_NAME_MAX },
};

/** Validates a team's name (the team form when editing, and the server for every team). */
export function validateTeam(values: { teamName?: string }): ValidationResult {
  return validateForm(values, TEAM_RULES);
}

const NEW_TEAM_RULES: FormRules = {
  ...TEAM_RULES,
  firstChest: { label: FIELD_LABELS.firstChest, required: true, requiredMessage: SELECT_CHESTS_MESSAGE },
};

/**
 * Validates the new team form: a name, and a first chest linked from the Link modal, as a new chest
 * needs its first team (issue 26; docs/decisions.md). `firstChest` is a chest id or a list of them.
 */
export function validateNewTeam(values: {
  teamName?: string;
  firstChest?: string | readonly string[];
}): ValidationResult {
  return validateForm(values, NEW_TEAM_RULES);
}

const USER_RULES: FormRules = {
  userName: { label: FIELD_LABELS.userName, required: true },
  userEmail: { label: FIELD_LABELS.userEmail, required: true, email: true },
};

/** Validates the new/edit user form. */
export function validateUserForm(values: { userName?: string; userEmail?: string }): ValidationResult {
  return validateForm(values, USER_RULES);
}

const ORGANISATION_RULES: FormRules = {
  organisationName: { label: FIELD_LABELS.organisationName, required: true },
};

/** Validates an organisation name change (Save is disabled while empty). */
export function validateOrganisationName(values: { organisationName?: string }): ValidationResult {
  return validateForm(values, ORGANISATION_RULES);
}

/** Validates the Transfer modal's choice; the password is checked by the server. */
export function validateTransfer(values: { ownerId?: string }): ValidationResult {
  return buildResult(isBlank(values.ownerId) ? [['ownerId', PICK_ADMINISTRATOR_MESSAGE]] : []);
}
