/** A small, realistic grocery data set for the first start: every screen has something to show. */

export const DEMO_PASSWORDS = { admin: 'Admin@123', warehouse: 'Warehouse@123', other: 'Demo@123' } as const;

export const DEMO_CITIES = [
  {
    name: 'Jaipur',
    state: 'Rajasthan',
    district: 'Jaipur',
    pincode: '302001',
    wards: ['Malviya Nagar', 'Vaishali Nagar', 'Mansarovar', 'C-Scheme', 'Raja Park'],
  },
  { name: 'Indore', state: 'Madhya Pradesh', district: 'Indore', pincode: '452001', wards: ['Vijay Nagar', 'Palasia', 'Rajwada'] },
  { name: 'Lucknow', state: 'Uttar Pradesh', district: 'Lucknow', pincode: '226001', wards: ['Gomti Nagar', 'Hazratganj', 'Aliganj', 'Indira Nagar'] },
  { name: 'Pune', state: 'Maharashtra', district: 'Pune', pincode: '411001', wards: ['Kothrud', 'Baner'] },
];

export const DEMO_WAREHOUSES = [
  {
    name: 'Jaipur Central Warehouse',
    city: 'Jaipur',
    address: 'Plot 14, Sitapura Industrial Area, Tonk Road, Jaipur',
    person: 'Rakesh Sharma',
    phone: '+91 98290 11223',
  },
  { name: 'Jaipur North Dark Store', city: 'Jaipur', address: 'B-22, Vidhyadhar Nagar, Sector 2, Jaipur', person: 'Pooja Meena', phone: '+91 98290 44556' },
  { name: 'Indore Hub', city: 'Indore', address: '45, Sanwer Road Industrial Area, Indore', person: 'Amit Jain', phone: '+91 98260 77889' },
  { name: 'Lucknow Fulfilment Centre', city: 'Lucknow', address: 'Khasra 112, Amausi Industrial Area, Lucknow', person: 'Sana Khan', phone: '+91 94150 22334' },
  { name: 'Pune West Warehouse', city: 'Pune', address: 'Survey 87, Hinjewadi Phase 1, Pune', person: 'Nikhil Patil', phone: '+91 98220 55667' },
];

type Sub = { name: string; gst: number; hsn: string };
export const DEMO_CATEGORIES: { name: string; subs: Sub[] }[] = [
  {
    name: 'Fruits & Vegetables',
    subs: [
      { name: 'Fresh Fruits', gst: 0, hsn: '0804' },
      { name: 'Fresh Vegetables', gst: 0, hsn: '0709' },
    ],
  },
  {
    name: 'Dairy & Bakery',
    subs: [
      { name: 'Milk', gst: 0, hsn: '0401' },
      { name: 'Butter & Cheese', gst: 12, hsn: '0405' },
      { name: 'Bread & Buns', gst: 5, hsn: '1905' },
    ],
  },
  {
    name: 'Staples',
    subs: [
      { name: 'Rice', gst: 5, hsn: '1006' },
      { name: 'Atta & Flours', gst: 5, hsn: '1101' },
      { name: 'Dals & Pulses', gst: 5, hsn: '0713' },
      { name: 'Edible Oils', gst: 5, hsn: '1512' },
    ],
  },
  {
    name: 'Snacks & Beverages',
    subs: [
      { name: 'Biscuits', gst: 18, hsn: '1905' },
      { name: 'Chips & Namkeen', gst: 12, hsn: '2106' },
      { name: 'Soft Drinks', gst: 28, hsn: '2202' },
      { name: 'Tea & Coffee', gst: 5, hsn: '0902' },
    ],
  },
  {
    name: 'Personal Care',
    subs: [
      { name: 'Soaps', gst: 18, hsn: '3401' },
      { name: 'Oral Care', gst: 18, hsn: '3306' },
      { name: 'Hair Care', gst: 18, hsn: '3305' },
    ],
  },
  {
    name: 'Household',
    subs: [
      { name: 'Detergents', gst: 18, hsn: '3402' },
      { name: 'Cleaners', gst: 18, hsn: '3808' },
    ],
  },
];

/** [subcategory, name, hindi, brand, mrp, discount, unit, unit value] */
export const DEMO_PRODUCTS: [string, string, string, string, number, number, string, string][] = [
  ['Fresh Fruits', 'Banana Robusta', 'केला', 'Farm Fresh', 60, 48, 'pcs', '6'],
  ['Fresh Fruits', 'Apple Shimla', 'सेब', 'Farm Fresh', 220, 189, 'kg', '1'],
  ['Fresh Fruits', 'Pomegranate', 'अनार', 'Farm Fresh', 180, 159, 'kg', '1'],
  ['Fresh Fruits', 'Papaya', 'पपीता', 'Farm Fresh', 70, 59, 'pcs', '1'],
  ['Fresh Fruits', 'Mango Alphonso', 'आम', 'Ratnagiri Farms', 799, 699, 'box', '12'],
  ['Fresh Fruits', 'Green Grapes', 'अंगूर', 'Farm Fresh', 120, 99, 'g', '500'],
  ['Fresh Vegetables', 'Onion', 'प्याज़', 'Farm Fresh', 45, 38, 'kg', '1'],
  ['Fresh Vegetables', 'Potato', 'आलू', 'Farm Fresh', 35, 29, 'kg', '1'],
  ['Fresh Vegetables', 'Tomato Hybrid', 'टमाटर', 'Farm Fresh', 40, 32, 'kg', '1'],
  ['Fresh Vegetables', 'Coriander Leaves', 'धनिया', 'Farm Fresh', 20, 15, 'g', '100'],
  ['Fresh Vegetables', 'Green Chilli', 'हरी मिर्च', 'Farm Fresh', 15, 12, 'g', '100'],
  ['Fresh Vegetables', 'Lady Finger', 'भिंडी', 'Farm Fresh', 30, 26, 'g', '500'],
  ['Milk', 'Full Cream Milk', 'फुल क्रीम दूध', 'Amul', 68, 68, 'ml', '1000'],
  ['Milk', 'Toned Milk', 'टोंड दूध', 'Saras', 27, 27, 'ml', '500'],
  ['Milk', 'Cow Milk', 'गाय का दूध', 'Mother Dairy', 56, 56, 'ml', '1000'],
  ['Butter & Cheese', 'Salted Butter', 'मक्खन', 'Amul', 285, 275, 'g', '500'],
  ['Butter & Cheese', 'Cheese Slices', 'चीज़ स्लाइस', 'Britannia', 145, 135, 'pack', '10'],
  ['Butter & Cheese', 'Paneer', 'पनीर', 'Amul', 95, 90, 'g', '200'],
  ['Bread & Buns', 'Sandwich Bread', 'ब्रेड', 'Harvest Gold', 50, 48, 'pack', '1'],
  ['Bread & Buns', 'Brown Bread', 'ब्राउन ब्रेड', 'Britannia', 55, 52, 'pack', '1'],
  ['Bread & Buns', 'Pav Buns', 'पाव', 'Modern', 40, 38, 'pack', '6'],
  ['Rice', 'Basmati Rice Classic', 'बासमती चावल', 'India Gate', 899, 799, 'kg', '5'],
  ['Rice', 'Sona Masoori Rice', 'सोना मसूरी चावल', 'Daawat', 420, 379, 'kg', '5'],
  ['Rice', 'Kolam Rice', 'कोलम चावल', 'Fortune', 310, 289, 'kg', '5'],
  ['Atta & Flours', 'Whole Wheat Atta', 'गेहूं का आटा', 'Aashirvaad', 285, 259, 'kg', '5'],
  ['Atta & Flours', 'Besan', 'बेसन', 'Tata Sampann', 120, 109, 'g', '500'],
  ['Atta & Flours', 'Maida', 'मैदा', 'Pillsbury', 60, 55, 'kg', '1'],
  ['Dals & Pulses', 'Toor Dal', 'तूर दाल', 'Tata Sampann', 199, 179, 'kg', '1'],
  ['Dals & Pulses', 'Moong Dal', 'मूंग दाल', 'Tata Sampann', 165, 149, 'kg', '1'],
  ['Dals & Pulses', 'Chana Dal', 'चना दाल', 'Fortune', 110, 99, 'kg', '1'],
  ['Dals & Pulses', 'Rajma Chitra', 'राजमा', 'Organic Tattva', 210, 189, 'g', '500'],
  ['Edible Oils', 'Mustard Oil', 'सरसों का तेल', 'Fortune', 195, 179, 'bottle', '1 L'],
  ['Edible Oils', 'Sunflower Oil', 'सूरजमुखी तेल', 'Saffola', 210, 189, 'pouch', '1 L'],
  ['Edible Oils', 'Groundnut Oil', 'मूंगफली तेल', 'Dhara', 260, 239, 'bottle', '1 L'],
  ['Edible Oils', 'Cow Ghee', 'देसी घी', 'Amul', 650, 620, 'jar', '1 L'],
  ['Biscuits', 'Marie Gold', 'मैरी गोल्ड', 'Britannia', 40, 38, 'pack', '250 g'],
  ['Biscuits', 'Parle-G', 'पारले-जी', 'Parle', 10, 10, 'pack', '80 g'],
  ['Biscuits', 'Good Day Cashew', 'गुड डे', 'Britannia', 35, 33, 'pack', '200 g'],
  ['Biscuits', 'Dark Fantasy Choco Fills', 'डार्क फैंटसी', 'Sunfeast', 170, 155, 'box', '300 g'],
  ['Chips & Namkeen', 'Aloo Bhujia', 'आलू भुजिया', "Haldiram's", 110, 99, 'g', '400'],
  ['Chips & Namkeen', 'Classic Salted Chips', 'चिप्स', "Lay's", 50, 50, 'pack', '90 g'],
  ['Chips & Namkeen', 'Moong Dal Namkeen', 'मूंग दाल नमकीन', 'Bikaji', 60, 55, 'pack', '200 g'],
  ['Chips & Namkeen', 'Masala Munch', 'कुरकुरे', 'Kurkure', 20, 20, 'pack', '75 g'],
  ['Soft Drinks', 'Cola', 'कोला', 'Thums Up', 95, 90, 'bottle', '2 L'],
  ['Soft Drinks', 'Lemon Drink', 'लेमन ड्रिंक', 'Sprite', 40, 40, 'bottle', '750 ml'],
  ['Soft Drinks', 'Mango Drink', 'मैंगो ड्रिंक', 'Maaza', 70, 65, 'bottle', '1.2 L'],
  ['Tea & Coffee', 'Premium Tea', 'चाय', 'Tata Tea', 290, 265, 'pack', '500 g'],
  ['Tea & Coffee', 'Instant Coffee', 'कॉफ़ी', 'Nescafe', 330, 310, 'jar', '100 g'],
  ['Tea & Coffee', 'Green Tea', 'ग्रीन टी', 'Lipton', 180, 165, 'box', '25 bags'],
  ['Soaps', 'Sandal Soap', 'चंदन साबुन', 'Mysore Sandal', 75, 70, 'pcs', '125 g'],
  ['Soaps', 'Neem Soap', 'नीम साबुन', 'Margo', 45, 42, 'pack', '3 x 100 g'],
  ['Soaps', 'Handwash Refill', 'हैंडवॉश', 'Dettol', 99, 89, 'pouch', '750 ml'],
  ['Oral Care', 'Toothpaste Strong Teeth', 'टूथपेस्ट', 'Colgate', 120, 110, 'tube', '200 g'],
  ['Oral Care', 'Herbal Toothpaste', 'हर्बल टूथपेस्ट', 'Dabur Red', 110, 99, 'tube', '200 g'],
  ['Oral Care', 'Toothbrush Soft', 'टूथब्रश', 'Oral-B', 60, 55, 'pack', '2'],
  ['Hair Care', 'Anti-Dandruff Shampoo', 'शैम्पू', 'Head & Shoulders', 360, 329, 'bottle', '340 ml'],
  ['Hair Care', 'Coconut Hair Oil', 'नारियल तेल', 'Parachute', 210, 199, 'bottle', '500 ml'],
  ['Hair Care', 'Shampoo Sachets', 'शैम्पू पाउच', 'Clinic Plus', 16, 16, 'strip', '16'],
  ['Detergents', 'Detergent Powder', 'डिटर्जेंट पाउडर', 'Surf Excel', 240, 225, 'kg', '1'],
  ['Detergents', 'Liquid Detergent', 'लिक्विड डिटर्जेंट', 'Ariel', 430, 399, 'pouch', '2 L'],
  ['Detergents', 'Dishwash Bar', 'बर्तन साबुन', 'Vim', 30, 28, 'pcs', '300 g'],
  ['Cleaners', 'Floor Cleaner', 'फ़्लोर क्लीनर', 'Lizol', 220, 199, 'bottle', '975 ml'],
  ['Cleaners', 'Toilet Cleaner', 'टॉयलेट क्लीनर', 'Harpic', 190, 175, 'bottle', '1 L'],
  ['Cleaners', 'Glass Cleaner', 'ग्लास क्लीनर', 'Colin', 110, 99, 'bottle', '500 ml'],
];

export const DEMO_HANDLING_CHARGES = [
  { charge_type: 'Standard delivery', amount: 25 },
  { charge_type: 'Express delivery (30 min)', amount: 49 },
  { charge_type: 'Small cart fee (below ₹199)', amount: 15 },
  { charge_type: 'Packaging', amount: 5.5 },
  { charge_type: 'Late night surcharge', amount: 30 },
];

/** [email, password, firstname, lastname, phone, role, city] */
export const DEMO_USERS: [string, string, string, string, string, string, string][] = [
  ['admin@demo.local', DEMO_PASSWORDS.admin, 'Aarti', 'Verma', '9000000001', 'admin', 'Jaipur'],
  ['warehouse@demo.local', DEMO_PASSWORDS.warehouse, 'Vikram', 'Singh', '9000000002', 'warehouse-user', 'Jaipur'],
  ['subadmin@demo.local', DEMO_PASSWORDS.other, 'Sunita', 'Rao', '9000000003', 'sub-admin', 'Indore'],
  ['seller@demo.local', DEMO_PASSWORDS.other, 'Mahesh', 'Agarwal', '9000000004', 'seller', 'Jaipur'],
  ['customer@demo.local', DEMO_PASSWORDS.other, 'Neha', 'Gupta', '9000000005', 'customer', 'Jaipur'],
  ['delivery@demo.local', DEMO_PASSWORDS.other, 'Ravi', 'Kumar', '9000000006', 'delivery-boy', 'Jaipur'],
  ['seller.indore@demo.local', DEMO_PASSWORDS.other, 'Farhan', 'Qureshi', '9000000007', 'seller', 'Indore'],
  ['seller.lucknow@demo.local', DEMO_PASSWORDS.other, 'Anjali', 'Mishra', '9000000008', 'seller', 'Lucknow'],
  ['seller.pune@demo.local', DEMO_PASSWORDS.other, 'Omkar', 'Deshmukh', '9000000009', 'seller', 'Pune'],
  ['warehouse.indore@demo.local', DEMO_PASSWORDS.other, 'Deepak', 'Yadav', '9000000010', 'warehouse-user', 'Indore'],
  ['customer2@demo.local', DEMO_PASSWORDS.other, 'Ishita', 'Bansal', '9000000011', 'customer', 'Lucknow'],
  ['delivery2@demo.local', DEMO_PASSWORDS.other, 'Suresh', 'Pal', '9000000012', 'delivery-boy', 'Indore'],
];

/** The logins the README and the start log list. */
export const DEMO_LOGINS = DEMO_USERS.slice(0, 6).map(([email, password, , , , role]) => ({ email, password, role }));

/** Demo user e-mail → the warehouses assigned to them (what a role with scope 'assigned' lets them reach). */
export const DEMO_ASSIGNED_WAREHOUSES: Record<string, string[]> = {
  'warehouse@demo.local': ['Jaipur Central Warehouse', 'Jaipur North Dark Store'],
};
