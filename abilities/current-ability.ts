import { defineAbilityFor, type AppAbility } from './define-ability';

/** The portal's current ability, for callers outside React (Refine's accessControlProvider). */
let current: AppAbility = defineAbilityFor(null);
export const getCurrentAbility = () => current;
export const setCurrentAbility = (ability: AppAbility) => {
  current = ability;
};
