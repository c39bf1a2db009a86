/**
 * Every migration, in order. Add a new file `NNN_name.ts` and one line below; never edit a migration
 * that has shipped. Migrations are bundled with the server (no files are read at run time).
 */
import type { Migration } from 'kysely';
import type { DialectName } from '../dialect';
import { migration001 } from './001_core';
import { migration002 } from './002_series_cache';
import { migration004 } from './004_ingest';
import { migration005 } from './005_accounts';
import { migration006 } from './006_alertes';
import { migration007 } from './007_archive';
import { migration009 } from './009_security';
import { migration010 } from './010_episodes';
import { migration011 } from './011_hubeau_elab';
import { migration012 } from './012_langue';
import { migration013 } from './013_live';
import { migration014 } from './014_statistique_jour';
import { migration015 } from './015_secheresse';
import { migration016 } from './016_observation_partitions';
import { migration017 } from './017_pseudo_squelette';

export function getMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_core': migration001(dialect),
    '002_series_cache': migration002(),
    '004_ingest': migration004(),
    '005_accounts': migration005(dialect),
    '006_alertes': migration006(dialect),
    '007_archive': migration007(),
    '009_security': migration009(),
    '010_episodes': migration010(),
    '011_hubeau_elab': migration011(),
    '012_langue': migration012(),
    '013_live': migration013(dialect),
    '014_statistique_jour': migration014(),
    '015_secheresse': migration015(),
    '016_observation_partitions': migration016(dialect),
    '017_pseudo_squelette': migration017(),
  };
}
