/**
 * Alerts (docs/decisions/055–059): personal alert rules attached to a subscription, their evaluation state, the
 * notifications (in-app list, unique idempotency key), the delivery outbox (one row per notification and channel)
 * and the replay state. Existing subscriptions get the default rules (vigilance changes; the "trop haut"
 * threshold of an activity) as a subscription made after this migration does.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, EPOCH_MS, FLOAT, type DialectName } from '../dialect';

export function migration006(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;

      await addIdColumn(dialect, s.createTable('alerte_regle'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('lieu_id', 'integer', (c) => c.notNull().references('lieu.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`type in ('au_dessus', 'en_dessous', 'montee', 'retour_plage', 'prevision', 'vigilance')`,
            ),
        )
        .addColumn('grandeur', 'text', (c) => c.check(sql`grandeur in ('H', 'Q')`))
        .addColumn('seuil', FLOAT)
        .addColumn('seuil2', FLOAT)
        .addColumn('horizon_h', 'integer')
        .addColumn('activite_id', 'integer', (c) => c.references('activite.id').onDelete('set null'))
        .addColumn('origine', 'text', (c) =>
          c
            .notNull()
            .defaultTo('utilisateur')
            .check(sql`origine in ('defaut', 'utilisateur')`),
        )
        .addColumn('actif', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('updated_at', EPOCH_MS, (c) => c.notNull())
        // Attached to the subscription: stopping to follow the place removes its rules.
        .addForeignKeyConstraint(
          'alerte_regle_abonnement_fk',
          ['user_id', 'lieu_id'],
          'abonnement',
          ['user_id', 'lieu_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      await s
        .createIndex('alerte_regle_user_lieu_idx')
        .on('alerte_regle')
        .columns(['user_id', 'lieu_id'])
        .execute();
      await s.createIndex('alerte_regle_lieu_idx').on('alerte_regle').columns(['lieu_id', 'type']).execute();

      await s
        .createTable('alerte_regle_etat')
        .addColumn('regle_id', 'integer', (c) =>
          c.primaryKey().references('alerte_regle.id').onDelete('cascade'),
        )
        .addColumn('etat', 'text', (c) => c.notNull())
        .addColumn('maj_at', EPOCH_MS, (c) => c.notNull())
        .execute();

      await addIdColumn(dialect, s.createTable('notification'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('regle_id', 'integer', (c) => c.references('alerte_regle.id').onDelete('set null'))
        .addColumn('lieu_id', 'integer', (c) => c.references('lieu.id').onDelete('set null'))
        .addColumn('alerte_id', 'integer', (c) => c.references('alerte.id').onDelete('set null'))
        .addColumn('cle', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('titre', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('grandeur', 'text')
        .addColumn('valeur', FLOAT)
        .addColumn('unite', 'text')
        .addColumn('ts', EPOCH_MS, (c) => c.notNull())
        .addColumn('lien', 'text', (c) => c.notNull())
        .addColumn('niveau', 'integer')
        .addColumn('plafonnee', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('lu_at', EPOCH_MS)
        .addColumn('masque_at', EPOCH_MS)
        .execute();
      await s.createIndex('notification_user_idx').on('notification').columns(['user_id', 'id']).execute();
      await s.createIndex('notification_user_ts_idx').on('notification').columns(['user_id', 'ts']).execute();
      await s.createIndex('notification_regle_idx').on('notification').column('regle_id').execute();

      await addIdColumn(dialect, s.createTable('notification_envoi'))
        .addColumn('notification_id', 'integer', (c) =>
          c.notNull().references('notification.id').onDelete('cascade'),
        )
        .addColumn('canal', 'text', (c) => c.notNull().check(sql`canal in ('email', 'push')`))
        .addColumn('statut', 'text', (c) =>
          c
            .notNull()
            .defaultTo('en_attente')
            .check(
              sql`statut in ('en_attente', 'en_cours', 'envoye', 'echec', 'annule', 'sans_destinataire')`,
            ),
        )
        .addColumn('tentatives', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prochain_essai', EPOCH_MS, (c) => c.notNull())
        .addColumn('verrou_jusqu_a', EPOCH_MS)
        .addColumn('derniere_erreur', 'text')
        .addColumn('faits', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('envoye_at', EPOCH_MS)
        .addColumn('created_at', EPOCH_MS, (c) => c.notNull())
        .addUniqueConstraint('notification_envoi_canal_uq', ['notification_id', 'canal'])
        .execute();
      await s
        .createIndex('notification_envoi_statut_idx')
        .on('notification_envoi')
        .columns(['statut', 'prochain_essai'])
        .execute();

      await s
        .createTable('relecture')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('statut', 'text', (c) => c.notNull())
        .addColumn('debut', EPOCH_MS, (c) => c.notNull())
        .addColumn('fin', EPOCH_MS, (c) => c.notNull())
        .addColumn('vitesse', FLOAT, (c) => c.notNull())
        .addColumn('temps_simule', EPOCH_MS, (c) => c.notNull())
        .addColumn('demarre_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('maj_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('termine_at', EPOCH_MS)
        .addColumn('lectures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notifications', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('erreur', 'text')
        .execute();

      // Default rules of the subscriptions that already exist (as notify/alert-rules.ts creates them).
      const now = Date.now();
      await sql`
        insert into alerte_regle (user_id, lieu_id, type, origine, actif, created_at, updated_at)
        select a.user_id, a.lieu_id, 'vigilance', 'defaut', 1, ${now}, ${now}
        from abonnement a join lieu l on l.id = a.lieu_id
        where l.troncon_id is not null`.execute(db);
      await sql`
        insert into alerte_regle (user_id, lieu_id, type, grandeur, seuil, activite_id, origine, actif, created_at, updated_at)
        select a.user_id, a.lieu_id, 'au_dessus', t.grandeur, t.seuil_haut, t.activite_id, 'defaut', 1, ${now}, ${now}
        from abonnement a join (
          select al.lieu_id, al.grandeur, al.seuil_haut, al.activite_id,
                 row_number() over (partition by al.lieu_id
                                    order by case al.grandeur when 'H' then 0 else 1 end, al.seuil_haut desc, al.activite_id) as rang
          from activite_lieu al
          where al.seuil_haut is not null and al.grandeur in ('H', 'Q')
        ) t on t.lieu_id = a.lieu_id and t.rang = 1`.execute(db);
    },
  };
}
