import { describe, expect, it } from 'vitest';
import {
  validateChest,
  validateNewTeam,
  validateOrganisationName,
  validateTeam,
  validateTransfer,
  validateUserForm,
} from './admin-form-validator.js';

describe('validateChest', () => {
  it('requires a name and a team', () => {
    expect(validateChest({}).errors).toEqual([
      'Required field Name is empty.',
      'Please select at least one Team using the dropdown provided.',
    ]);
    expect(validateChest({ chestName: 'Ops', firstTeam: [] }).errors).toEqual([
      'Please select at least one Team using the dropdown provided.',
    ]);
  });

  it('caps the name at 25 characters', () => {
    expect(validateChest({ chestName: 'c'.repeat(25), firstTeam: 'team-1' }).errors).toEqual([]);
    expect(validateChest({ chestName: 'c'.repeat(26), firstTeam: ['team-1'] }).errors).toEqual([
      'Field Name exceeds the maximum of 25 characters.',
    ]);
  });
});

describe('validateTeam', () => {
  it('requires a name of at most 25 characters', () => {
    expect(validateTeam({}).errors).toEqual(['Required field Name is empty.']);
    expect(validateTeam({ teamName: 't'.repeat(25) }).errors).toEqual([]);
    expect(validateTeam({ teamName: 't'.repeat(26) }).errors).toEqual([
      'Field Name exceeds the maximum of 25 characters.',
    ]);
  });
});

describe('validateNewTeam', () => {
  it('requires a name and a first chest', () => {
    expect(validateNewTeam({}).errors).toEqual([
      'Required field Name is empty.',
      'Please select at least one Chest using the dropdown provided.',
    ]);
    expect(validateNewTeam({ teamName: 'Support', firstChest: [] }).errors).toEqual([
      'Please select at least one Chest using the dropdown provided.',
    ]);
    expect(validateNewTeam({ teamName: 'Support', firstChest: ['c-1'] }).errors).toEqual([]);
    expect(validateNewTeam({ teamName: 't'.repeat(26), firstChest: 'c-1' }).errors).toEqual([
      'Field Name exceeds the maximum of 25 characters.',
    ]);
  });
});

describe('validateUserForm', () => {
  it('requires a name and a valid e-mail', () => {
    expect(validateUserForm({}).errors).toEqual([
      'Required field Name is empty.',
      'Required field Email is empty.',
    ]);
    expect(validateUserForm({ userName: 'Ann', userEmail: 'ann' }).errors).toEqual([
      'Field Email is not a valid email.',
    ]);
    expect(validateUserForm({ userName: 'Ann', userEmail: 'Ann@Acme.com' }).errors).toEqual([]);
  });
});

describe('validateOrganisationName', () => {
  it('requires a name', () => {
    expect(validateOrganisationName({ organisationName: ' ' }).errors).toEqual([
      'Required field Company Name is empty.',
    ]);
    expect(validateOrganisationName({ organisationName: 'Acme' }).errors).toEqual([]);
  });
});

describe('validateTransfer', () => {
  it('requires an administrator to be picked', () => {
    expect(validateTransfer({}).errors).toEqual(['Please pick an administrator.']);
    expect(validateTransfer({ ownerId: 'user-2' }).errors).toEqual([]);
  });
});
