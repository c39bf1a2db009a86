/**
 * The first data model (docs/requirements.md R6): hydrology, content and accounts.
 * Column types are chosen to behave the same in SQLite and PostgreSQL (see ../dialect.ts).
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, EPOCH_MS, FLOAT, withoutRowid, type DialectName } from '../dialect';

export function migration001(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;

      await s
        .createTable('bassin')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text')
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('territoire', 'text', (c) => c.notNull())
        .addColumn('ordre', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('west', FLOAT)
        .addColumn('south', FLOAT)
        .addColumn('east', FLOAT)
        .addColumn('north', FLOAT)
        .execute();

      await s
        .createTable('departement')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('nom', 'text', (c) => c.notNull())
        .execute();

      await addIdColumn(dialect, s.createTable('entite'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('R', 'L')`))
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('bassin_slug', 'text', (c) => c.notNull().references('bassin.slug'))
        .addColumn('parent_id', 'integer', (c) => c.references('entite.id').onDelete('set null'))
        .addColumn('code_cours_eau', 'text')
        .addColumn('lat', FLOAT)
        .addColumn('lon', FLOAT)
        .addColumn('geometry', 'text')
        .addColumn('description', 'text')
        .execute();
      await s.createIndex('entite_bassin_idx').on('entite').column('bassin_slug').execute();
      await s.createIndex('entite_parent_idx').on('entite').column('parent_id').execute();

      await s
        .createTable('entite_departement')
        .addColumn('entite_id', 'integer', (c) => c.notNull().references('entite.id').onDelete('cascade'))
        .addColumn('departement_code', 'text', (c) => c.notNull().references('departement.code'))
        .addPrimaryKeyConstraint('entite_departement_pk', ['entite_id', 'departement_code'])
        .execute();

      await addIdColumn(dialect, s.createTable('troncon'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('entite_id', 'integer', (c) => c.references('entite.id').onDelete('set null'))
        .addColumn('territoire_code', 'text')
        .addColumn('territoire_nom', 'text')
        .addColumn('niveau', 'integer', (c) => c.check(sql`niveau between 1 and 4`))
        .addColumn('niveau_ts', EPOCH_MS)
        .addColumn('geometry', 'text')
        .execute();

      await addIdColumn(dialect, s.createTable('lieu'))
        .addColumn('entite_id', 'integer', (c) => c.notNull().references('entite.id').onDelete('cascade'))
        .addColumn('troncon_id', 'integer', (c) => c.references('troncon.id').onDelete('set null'))
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('libelle', 'text', (c) => c.notNull())
        .addColumn('lat_gps', FLOAT, (c) => c.notNull())
        .addColumn('lon_gps', FLOAT, (c) => c.notNull())
        .addColumn('station_mesure_ok', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('code_station', 'text', (c) => c.unique())
        .addColumn('code_site', 'text')
        .addColumn('commune', 'text')
        .addColumn('departement_code', 'text', (c) => c.references('departement.code'))
        .addColumn('infos_pratiques', 'text')
        .addColumn('altitude_zero', FLOAT)
        .addColumn('surface_bv_km2', FLOAT)
        .addColumn('ordre', 'integer')
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await s.createIndex('lieu_entite_idx').on('lieu').column('entite_id').execute();
      await s.createIndex('lieu_troncon_idx').on('lieu').column('troncon_id').execute();

      await addIdColumn(dialect, s.createTable('capteur'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('grandeur', 'text', (c) => c.notNull().check(sql`grandeur in ('H', 'Q', 'T')`))
        .addColumn('unite', 'text', (c) => c.notNull())
        .addColumn('libelle', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('code_station', 'text')
        .addColumn('pas_min', 'integer')
        .addColumn('derniere_valeur', FLOAT)
        .addColumn('dernier_ts', EPOCH_MS)
        .addColumn('premier_ts', EPOCH_MS)
        .addUniqueConstraint('capteur_lieu_grandeur_uq', ['lieu_id', 'grandeur'])
        .execute();

      await s
        .createTable('observation')
        .addColumn('capteur_id', 'integer', (c) => c.notNull().references('capteur.id').onDelete('cascade'))
        .addColumn('ts', EPOCH_MS, (c) => c.notNull())
        .addColumn('valeur', FLOAT, (c) => c.notNull())
        .addColumn('statut', 'integer')
        .addColumn('qualification', 'integer')
        .addPrimaryKeyConstraint('observation_pk', ['capteur_id', 'ts'])
        .modifyEnd(withoutRowid(dialect))
        .execute();

      await s
        .createTable('prevision')
        .addColumn('capteur_id', 'integer', (c) => c.notNull().references('capteur.id').onDelete('cascade'))
        .addColumn('run_ts', EPOCH_MS, (c) => c.notNull())
        .addColumn('ts', EPOCH_MS, (c) => c.notNull())
        .addColumn('valeur', FLOAT)
        .addColumn('min', FLOAT)
        .addColumn('max', FLOAT)
        .addColumn('commentaire', 'text')
        .addPrimaryKeyConstraint('prevision_pk', ['capteur_id', 'run_ts', 'ts'])
        .modifyEnd(withoutRowid(dialect))
        .execute();

      await addIdColumn(dialect, s.createTable('activite'))
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('icone', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();

      await s
        .createTable('activite_lieu')
        .addColumn('activite_id', 'integer', (c) => c.notNull().references('activite.id').onDelete('cascade'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('grandeur', 'text', (c) => c.notNull())
        .addColumn('seuil_bas', FLOAT)
        .addColumn('seuil_haut', FLOAT)
        .addColumn('texte', 'text')
        .addColumn('indicatif', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('activite_lieu_pk', ['activite_id', 'lieu_id', 'grandeur'])
        .execute();
      await s.createIndex('activite_lieu_lieu_idx').on('activite_lieu').column('lieu_id').execute();

      await addIdColumn(dialect, s.createTable('alerte'))
        .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('lieu', 'entite', 'troncon')`))
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('niveau', 'integer', (c) => c.notNull())
        .addColumn('titre', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('debut', EPOCH_MS, (c) => c.notNull())
        .addColumn('fin', EPOCH_MS)
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .execute();
      await s.createIndex('alerte_scope_idx').on('alerte').columns(['scope', 'scope_id']).execute();

      await addIdColumn(dialect, s.createTable('webcam'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('credit', 'text')
        .execute();

      await s
        .createTable('page')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('titre', 'text', (c) => c.notNull())
        .addColumn('markdown', 'text', (c) => c.notNull())
        .addColumn('updated_at', EPOCH_MS, (c) => c.notNull())
        .execute();

      await addIdColumn(dialect, s.createTable('liste_sib'))
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();

      await addIdColumn(dialect, s.createTable('contact_message'))
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('sujet', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('sent_at', EPOCH_MS)
        .addColumn('error', 'text')
        .execute();

      await s
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await s
        .createTable('secret')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .execute();

      // Accounts.
      await addIdColumn(dialect, s.createTable('user'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('updated_at', EPOCH_MS, (c) => c.notNull())
        .execute();

      await s
        .createTable('profile')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('avatar', 'text')
        .addColumn('date_naissance', 'text')
        .addColumn('accept_prevision_alert', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notifications', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();

      await s
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('expires_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('revoked_at', EPOCH_MS)
        .execute();
      await s.createIndex('session_user_idx').on('session').column('user_id').execute();

      await s
        .createTable('email_verification')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('expires_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('used_at', EPOCH_MS)
        .execute();

      await s
        .createTable('password_reset')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('expires_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('used_at', EPOCH_MS)
        .execute();

      await s
        .createTable('abonnement')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('actif', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addPrimaryKeyConstraint('abonnement_pk', ['user_id', 'lieu_id'])
        .execute();
      await s.createIndex('abonnement_lieu_idx').on('abonnement').column('lieu_id').execute();

      await s
        .createTable('user_liste_sib')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('liste_id', 'integer', (c) => c.notNull().references('liste_sib.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_liste_sib_pk', ['user_id', 'liste_id'])
        .execute();

      await s
        .createTable('autorisation')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('nom', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();

      await s
        .createTable('user_autorisation')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('autorisation_id', 'integer', (c) =>
          c.notNull().references('autorisation.id').onDelete('cascade'),
        )
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addPrimaryKeyConstraint('user_autorisation_pk', ['user_id', 'autorisation_id'])
        .execute();

      await addIdColumn(dialect, s.createTable('push_registration'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('web', 'android', 'ios')`))
        .addColumn('registration_id', 'text', (c) => c.notNull())
        .addColumn('registration_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .execute();
      await s.createIndex('push_registration_user_idx').on('push_registration').column('user_id').execute();

      await addIdColumn(dialect, s.createTable('publication'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('texte', 'text', (c) => c.notNull())
        .addColumn('photo', 'text')
        .addColumn('releves', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('statut', 'text', (c) => c.notNull().defaultTo('publie'))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .execute();
      await s
        .createIndex('publication_lieu_idx')
        .on('publication')
        .columns(['lieu_id', 'created_at'])
        .execute();

      await addIdColumn(dialect, s.createTable('photo'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('fichier', 'text', (c) => c.notNull())
        .addColumn('credit', 'text')
        .addColumn('legende', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('publication_id', 'integer', (c) => c.references('publication.id').onDelete('cascade'))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .execute();
      await s.createIndex('photo_lieu_idx').on('photo').column('lieu_id').execute();
    },
  };
}
